//! The playing pieces on the board and the cards of the chance deck: the
//! vocabulary the rest of the rules speak.

use crate::board::Cell;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The three kinds of piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Moves a square any way on water and seaports; jumps transports and
    /// traps battleships. Worth 5.
    Battleship,
    /// A neutral's supply ship: moves a square straight, anywhere but plane
    /// bases. Worth 1.
    Transport,
    /// Leaves its base only by a card. Worth 1.
    Airplane,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 3] = [Kind::Battleship, Kind::Transport, Kind::Airplane];

    /// Its value in forfeits and scores (Rule 18).
    pub const fn value(self) -> u32 {
        match self {
            Kind::Battleship => 5,
            Kind::Transport | Kind::Airplane => 1,
        }
    }

    /// Its short name on the piece and in notation.
    pub const fn short(self) -> &'static str {
        match self {
            Kind::Battleship => "BS",
            Kind::Transport => "TR",
            Kind::Airplane => "AP",
        }
    }

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Battleship => "battleship",
            Kind::Transport => "transport",
            Kind::Airplane => "airplane",
        }
    }

    /// How many each player starts with (Rule 5).
    pub const fn set(self) -> u8 {
        match self {
            Kind::Battleship => 4,
            Kind::Transport => 6,
            Kind::Airplane => 2,
        }
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub owner: Seat,
    /// What it is.
    pub kind: Kind,
}

/// A card of the chance deck (docs/rules/tactics1940.md, "The deck").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// Held in secret; sinks a piece that enters its square.
    Submarine(Cell),
    /// May move one of the drawer's transports to any free sea square.
    SurpriseManeuver,
    /// Sends an enemy battleship back to its own seaport.
    PlaneVsBattleship,
    /// Destroys an enemy airplane.
    PlaneAttack,
    /// Destroys an enemy transport (supply ship).
    PlaneRaid,
    /// Brings one of the drawer's destroyed transports back home.
    Conscription,
    /// The drawer serves a diplomatic protest card.
    DiplomaticIncident,
    /// Flies one of the drawer's airplanes to a free square.
    Flight,
    /// The drawer pays a coin to the Gold Reserve.
    WarTax,
    /// Destroys one of the drawer's transports.
    Mine,
    /// Destroys one of the drawer's airplanes.
    PlaneCrash,
}

impl Card {
    /// How many of each card the deck has, submarines aside (one per
    /// submarine square).
    pub const COUNTS: [(Card, usize); 10] = [
        (Card::SurpriseManeuver, 3),
        (Card::PlaneVsBattleship, 3),
        (Card::PlaneAttack, 3),
        (Card::PlaneRaid, 3),
        (Card::Conscription, 2),
        (Card::DiplomaticIncident, 4),
        (Card::Flight, 4),
        (Card::WarTax, 4),
        (Card::Mine, 3),
        (Card::PlaneCrash, 3),
    ];

    /// Whether it is a submarine card, kept in the hand.
    pub const fn is_submarine(self) -> bool {
        matches!(self, Card::Submarine(_))
    }

    /// Whether the drawer's airplane makes the attack (Rule 10: airplanes
    /// destroy only on the direction of a card).
    pub const fn needs_airplane(self) -> bool {
        matches!(self, Card::PlaneVsBattleship | Card::PlaneAttack | Card::PlaneRaid)
    }

    /// What the card says, as every player reads it once it is played.
    pub fn text(self) -> String {
        match self {
            Card::Submarine(cell) => {
                format!("You have a submarine on {cell}. Keep this card hidden; when another player's piece ends its move there, you may sink it.")
            }
            Card::SurpriseManeuver => "You may move one of your transports at one jump to any free sea square or the safety zone, not into a home area nor next to an open seaport square.".into(),
            Card::PlaneVsBattleship => "Your plane damages an enemy battleship: it goes back to its own seaport for repairs.".into(),
            Card::PlaneAttack => "Your plane destroys an enemy airplane. An enemy with none pays you a coin.".into(),
            Card::PlaneRaid => "Your plane destroys an enemy transport or supply ship. An enemy with none pays you a coin.".into(),
            Card::Conscription => "One of your destroyed transports comes back to a free square of your home area.".into(),
            Card::DiplomaticIncident => "Serve one of your diplomatic protest cards on a player of your choice.".into(),
            Card::Flight => "Fly one of your airplanes to a free sea square, the safety zone, or one of your free plane bases.".into(),
            Card::WarTax => "Pay one coin to the Gold Reserve.".into(),
            Card::Mine => "One of your transports strikes a mine and is destroyed; with none, pay a coin to the Gold Reserve.".into(),
            Card::PlaneCrash => "One of your airplanes crashes; with none, pay a coin to the Gold Reserve.".into(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Submarine(cell) => write!(f, "SUBMARINE {cell}"),
            Card::SurpriseManeuver => f.write_str("SURPRISE MANEUVER"),
            Card::PlaneVsBattleship => f.write_str("PLANE VS. BATTLESHIP"),
            Card::PlaneAttack => f.write_str("PLANE ATTACK"),
            Card::PlaneRaid => f.write_str("PLANE RAID"),
            Card::Conscription => f.write_str("CONSCRIPTION"),
            Card::DiplomaticIncident => f.write_str("DIPLOMATIC INCIDENT"),
            Card::Flight => f.write_str("FLIGHT"),
            Card::WarTax => f.write_str("WAR TAX"),
            Card::Mine => f.write_str("MINE"),
            Card::PlaneCrash => f.write_str("PLANE CRASH"),
        }
    }
}
