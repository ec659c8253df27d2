//! Prints every phrase a voice pack must hold, one per line: `key⇥pinyin⇥english`.
//!
//! `scripts/make-voices.sh` reads this list, so the phrases are defined once, in
//! `src/clock/phrase.rs`, and never copied by hand into the script.

use tianyuan::clock::Phrase;

fn main() {
    for p in Phrase::all() {
        println!("{}\t{}\t{}", p.key(), p.pinyin(), p.text_en());
    }
}
