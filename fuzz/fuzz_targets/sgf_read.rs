//! Fuzz target: any bytes through the SGF reader, the tolerant replay of every variation,
//! the counter and the writer. Invariants: no panic; an unreadable input says where and what
//! was expected; our own canonical output reads back to the same tree, without warnings.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tianyuan::cli::check::check_bytes;
use tianyuan::record;

fuzz_target!(|data: &[u8]| {
    match record::read(data) {
        Err(e) => assert!(e.to_string().contains("expected")),
        Ok(reading) => {
            let text = record::to_canonical_sgf(&reading.collection);
            let again = record::read(text.as_bytes()).expect("own output reads");
            assert!(again.warnings.is_empty(), "{:?}", again.warnings);
            assert_eq!(record::to_canonical_sgf(&again.collection), text);
            let _ = check_bytes(data, true);
        }
    }
});
