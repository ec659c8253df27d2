//! The one module that reads the operating system's random generator: session identifiers,
//! PIN salts, sealed-move keys and nonces, nigiri. The core takes these bytes as arguments, so
//! it stays pure and testable.

/// `N` random bytes from the operating system, or the reason it refused.
pub fn bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut out = [0u8; N];
    getrandom::fill(&mut out).map_err(|e| format!("the system's random generator failed: {e}"))?;
    Ok(out)
}

/// The random bytes of one seal.
pub fn seal_random() -> Result<crate::seal::SealRandom, String> {
    Ok(crate::seal::SealRandom {
        salt: bytes()?,
        xnonce: bytes()?,
        nonce: bytes()?,
    })
}
