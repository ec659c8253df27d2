//! The `tianyuan` binary: see `tianyuan --help` and [`tianyuan::cli`].

/// Reading records builds and drops a tree of small strings per file: mimalloc serves those
/// several times faster than the system allocator (measured on `tianyuan check`, issue 10).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    tianyuan::cli::main()
}
