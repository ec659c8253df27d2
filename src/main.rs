//! The `tianyuan` binary: see `tianyuan --help` and [`tianyuan::cli`].
fn main() -> std::process::ExitCode {
    tianyuan::cli::main()
}
