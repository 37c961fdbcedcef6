//! Who a request comes from: guest identities, session tokens, passwords.
//!
//! A guest player with a random name is made when someone first needs one
//! (`POST /api/session`), with a session token in an HttpOnly cookie. Tokens are 256 random bits; only their SHA-256 is
//! stored, so a database leak does not hand out sessions. Passwords are
//! hashed with Argon2id.

use crate::store::{PlayerRow, Store, StoreError};
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use sha2::{Digest, Sha256};
use std::sync::LazyLock;

/// Random bytes from the operating system.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    bytes
}

/// A number below `n` (not 0), from the operating system's randomness.
pub fn random_below(n: usize) -> usize {
    (u64::from_le_bytes(random_bytes::<8>()) % n as u64) as usize
}

/// SHA-256, in hexadecimal.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// A new random id (a version 4 UUID).
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// A new session token: 256 random bits.
pub fn new_token() -> String {
    hex::encode(random_bytes::<32>())
}

/// An invite code: 128 random bits in URL-safe letters and digits.
pub fn new_invite_code() -> String {
    hex::encode(random_bytes::<16>())
}

const ADJECTIVES: [&str; 16] = [
    "Amber", "Bold", "Brisk", "Calm", "Clever", "Deft", "Eager", "Gentle", "Keen", "Lucky", "Nimble", "Quiet", "Rapid",
    "Sly", "Steady", "Witty",
];
const ANIMALS: [&str; 16] = [
    "Badger", "Crane", "Falcon", "Fox", "Heron", "Ibex", "Lynx", "Marten", "Otter", "Owl", "Panda", "Raven", "Stoat",
    "Tiger", "Wolf", "Wren",
];

/// A friendly random name for a guest, like "Nimble Otter 42".
pub fn guest_name() -> String {
    let [a, b, n] = random_bytes::<3>();
    format!("{} {} {}", ADJECTIVES[a as usize % 16], ANIMALS[b as usize % 16], n % 100)
}

/// Checks a username: 3 to 24 letters, digits, `_` or `-`.
pub fn valid_username(name: &str) -> bool {
    (3..=24).contains(&name.len()) && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Hashes a password with Argon2id and a random salt.
pub fn hash_password(password: &str) -> String {
    let salt = SaltString::encode_b64(&random_bytes::<16>()).expect("16 bytes make a salt");
    Argon2::default().hash_password(password.as_bytes(), &salt).expect("argon2 hashes").to_string()
}

/// Whether `password` matches a stored Argon2 hash. Without one (no such
/// account, or an account with no password) it is checked against a dummy
/// hash made the same way and refused: every refusal costs one Argon2
/// verification, so timing does not tell which usernames exist.
pub fn verify_password(password: &str, stored: Option<&str>) -> bool {
    static DUMMY: LazyLock<String> = LazyLock::new(|| hash_password("no account has this password"));
    let hash = stored.and_then(|s| PasswordHash::new(s).ok());
    match hash {
        Some(hash) => Argon2::default().verify_password(password.as_bytes(), &hash).is_ok(),
        None => {
            let dummy = PasswordHash::new(&DUMMY).expect("the dummy hash parses");
            let _ = Argon2::default().verify_password(password.as_bytes(), &dummy);
            false
        }
    }
}

/// Creates a guest player and a session for it; returns the player and the token.
pub async fn new_guest(store: &Store) -> Result<(PlayerRow, String), StoreError> {
    let player = store.create_player(&new_id(), &guest_name()).await?;
    let token = new_session(store, &player.id).await?;
    Ok((player, token))
}

/// Opens a session for a player; returns the token.
pub async fn new_session(store: &Store, player_id: &str) -> Result<String, StoreError> {
    let token = new_token();
    store.add_session(&sha256_hex(token.as_bytes()), player_id).await?;
    Ok(token)
}

/// The player a token belongs to.
pub async fn player_for_token(store: &Store, token: &str) -> Result<Option<PlayerRow>, StoreError> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    store.player_by_session(&sha256_hex(token.as_bytes())).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_against_their_own_hash() {
        let hash = hash_password("correct horse");
        assert!(verify_password("correct horse", Some(&hash)));
        assert!(!verify_password("wrong horse", Some(&hash)));
        assert!(!verify_password("correct horse", Some("not a hash")));
        assert!(!verify_password("no account has this password", None), "the dummy opens nothing");
    }

    #[test]
    fn tokens_and_usernames_are_read_strictly() {
        assert_eq!(new_invite_code().len(), 32, "128 bits");
        assert_eq!(new_token().len(), 64);
        assert!(valid_username("ann_1") && !valid_username("a b") && !valid_username("ab"));
    }
}
