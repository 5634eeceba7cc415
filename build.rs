//! The locale files are read by rust-i18n's macro while the crate compiles, which cargo does not
//! see: without this, an edited translation would ship only after some Rust file changed.

fn main() {
    println!("cargo::rerun-if-changed=locales");
}
