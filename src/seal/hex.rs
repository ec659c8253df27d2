//! Lower-case hexadecimal, for hashes, nonces and ciphertexts in the journal.

/// `bytes` as lower-case hexadecimal.
pub fn encode(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// Hexadecimal (either case) back to bytes; `None` for odd lengths or other characters.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let digits = text.as_bytes();
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    let value = |d: u8| match d {
        b'0'..=b'9' => Some(d - b'0'),
        b'a'..=b'f' => Some(d - b'a' + 10),
        b'A'..=b'F' => Some(d - b'A' + 10),
        _ => None,
    };
    digits
        .chunks_exact(2)
        .map(|pair| Some(value(pair[0])? << 4 | value(pair[1])?))
        .collect()
}

/// Hexadecimal of exactly `N` bytes.
pub fn decode_array<const N: usize>(text: &str) -> Option<[u8; N]> {
    decode(text)?.try_into().ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn round_trip_and_refusals() {
        assert_eq!(super::encode(&[0, 15, 255]), "000fff");
        assert_eq!(super::decode("000FfF"), Some(vec![0, 15, 255]));
        assert_eq!(super::decode("0"), None);
        assert_eq!(super::decode("zz"), None);
        assert_eq!(super::decode_array::<2>("0a0b"), Some([10, 11]));
        assert_eq!(super::decode_array::<3>("0a0b"), None);
    }
}
