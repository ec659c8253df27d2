//! Build script: on Windows (GNU) targets, gives `tianyuan.exe` and `tianyuanw.exe` their icon
//! and version information as Windows resources, so Explorer, the taskbar and "Apps" show the
//! board's icon and "Tianyuan VERSION". Does nothing for any other target.
//!
//! The resource is compiled by MinGW's `windres` (Debian's `binutils-mingw-w64-x86-64`, which
//! `gcc-mingw-w64-x86-64` brings) into an object file passed to the linker of the binaries.
//! Without `windres` (a bare `cargo check`) it says so in a warning and builds without.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=packaging/windows/tianyuan.ico");
    println!("cargo:rerun-if-env-changed=WINDRES");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os != "windows" || env != "gnu" {
        return;
    }
    if let Err(why) = windows_resources() {
        println!("cargo:warning=no icon or version resource in the .exe: {why}");
    }
}

fn windows_resources() -> Result<(), String> {
    let out = PathBuf::from(std::env::var("OUT_DIR").map_err(|e| e.to_string())?);
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").map_err(|e| e.to_string())?);
    let icon = root.join("packaging/windows/tianyuan.ico");
    let version = std::env::var("CARGO_PKG_VERSION").map_err(|e| e.to_string())?;
    let mut parts: Vec<u16> = version
        .split(['.', '-', '+'])
        .take(3)
        .map(|p| p.parse().unwrap_or(0))
        .collect();
    parts.resize(4, 0);
    let numeric = parts
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(",");
    // windres reads the file in the C locale: ASCII only, paths with forward slashes.
    let icon_path = icon.display().to_string().replace('\\', "/");
    let rc = format!(
        r#"1 ICON "{icon_path}"
1 VERSIONINFO
FILEVERSION {numeric}
PRODUCTVERSION {numeric}
FILEOS 0x40004
FILETYPE 0x1
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "CompanyName", "Tianyuan developers"
      VALUE "FileDescription", "Tianyuan Go board"
      VALUE "FileVersion", "{version}"
      VALUE "InternalName", "tianyuan"
      VALUE "LegalCopyright", "MIT OR Apache-2.0"
      VALUE "ProductName", "Tianyuan"
      VALUE "ProductVersion", "{version}"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
"#
    );
    let rc_path = out.join("tianyuan.rc");
    std::fs::write(&rc_path, rc).map_err(|e| format!("{}: {e}", rc_path.display()))?;
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let windres = std::env::var("WINDRES").unwrap_or_else(|_| {
        let triple = if arch == "x86" { "i686" } else { arch.as_str() };
        format!("{triple}-w64-mingw32-windres")
    });
    let object = out.join("tianyuan-resources.o");
    let status = Command::new(&windres)
        .arg("--input")
        .arg(&rc_path)
        .arg("--output")
        .arg(&object)
        .args(["--output-format", "coff"])
        .status()
        .map_err(|e| format!("{windres}: {e}"))?;
    if !status.success() {
        return Err(format!("{windres} failed ({status})"));
    }
    println!("cargo:rustc-link-arg-bins={}", object.display());
    Ok(())
}
