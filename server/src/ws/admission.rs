//! How many WebSocket connections the server holds: in all, and from one
//! client address. Each connection costs memory and a task, so one address
//! (or everyone together) must not be able to open them without bound. A
//! connection over either limit is refused before the upgrade, with 429
//! (this address) or 503 (the server is full); each admitted one gives its
//! place back when it ends.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The limits and the connections held.
#[derive(Debug)]
pub struct Admission {
    total: usize,
    per_address: usize,
    held: Mutex<Held>,
}

#[derive(Debug, Default)]
struct Held {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// Why a connection was not admitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// This address holds as many connections as one may.
    #[error("this address holds too many connections; close some first")]
    Address,
    /// The server holds as many connections as it may.
    #[error("the server is full; try again soon")]
    Full,
}

/// An admitted connection's place, given back when dropped.
#[derive(Debug)]
pub struct Admitted {
    admission: Arc<Admission>,
    address: IpAddr,
}

impl Admission {
    /// At most `total` connections, and `per_address` from one address.
    pub fn new(total: usize, per_address: usize) -> Admission {
        Admission { total, per_address, held: Mutex::default() }
    }

    /// A place for a connection from `address`, if the limits allow one.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Result<Admitted, Refused> {
        let mut held = self.held.lock().expect("admission lock");
        if held.total >= self.total {
            return Err(Refused::Full);
        }
        let from_address = held.by_address.entry(address).or_default();
        if *from_address >= self.per_address {
            return Err(Refused::Address);
        }
        *from_address += 1;
        held.total += 1;
        Ok(Admitted { admission: self.clone(), address })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut held = self.admission.held.lock().expect("admission lock");
        held.total -= 1;
        if let Some(count) = held.by_address.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                held.by_address.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_and_the_whole_server_have_their_limit_and_places_come_back() {
        let admission = Arc::new(Admission::new(3, 2));
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = admission.admit(a).unwrap();
        let _second = admission.admit(a).unwrap();
        assert_eq!(admission.admit(a).unwrap_err(), Refused::Address);
        let _third = admission.admit(b).unwrap();
        assert_eq!(admission.admit(b).unwrap_err(), Refused::Full);
        drop(first);
        assert!(admission.admit(a).is_ok(), "a closed connection gives its place back");
        assert!(admission.held.lock().unwrap().by_address.len() <= 2);
    }
}
