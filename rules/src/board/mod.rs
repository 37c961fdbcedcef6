//! One vocabulary for board cells across games: a [`Cell`] is the name of a
//! cell as actions and notation write it, a [`CellId`](crate::layout::CellId)
//! its index on a board, and a [`Geometry`] the board that connects them:
//! which cells it has, which lie next to which, and how it is drawn.

mod cell;
mod geometry;

pub use cell::{BadCell, Cell};
pub use geometry::{Drawn, Geometry, Lines, MAX_DIRECTIONS, grid_coordinates};
