//! Listing matches with filters, for the history pages.

use super::sql::Sql;
use super::tables::{TABLE_COLUMNS, TableRow};
use super::{SeatRow, Store, StoreError};
use protocol::Phase;

/// A result, from the point of view of the filtered player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFilter {
    /// First place, alone or with a team, not a draw.
    Win,
    /// Any place below first.
    Loss,
    /// Everyone shared first place.
    Draw,
}

/// Which matches to list.
#[derive(Clone, Debug, Default)]
pub struct MatchFilter {
    /// Who asks: private matches are listed only to their players.
    pub viewer: Option<String>,
    /// Only matches this player sat in.
    pub player: Option<String>,
    /// Only this game.
    pub game: Option<String>,
    /// Only this result for `player`.
    pub result: Option<ResultFilter>,
    /// Only matches with an opponent of `player` whose name contains this.
    pub opponent: Option<String>,
    /// Started at or after (ms since the epoch).
    pub from: Option<u64>,
    /// Started before (ms since the epoch).
    pub to: Option<u64>,
    /// Page from 1.
    pub page: u32,
    /// Matches per page.
    pub per_page: u32,
}

/// A listed match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRow {
    /// The table.
    pub table: TableRow,
    /// Its seats.
    pub seats: Vec<SeatRow>,
}

impl Store {
    /// One page of matches (started ones only), newest first, and whether
    /// more follow.
    pub async fn list_matches(&self, f: &MatchFilter) -> Result<(Vec<MatchRow>, bool), StoreError> {
        let mut sql = Sql::new(format!("SELECT {TABLE_COLUMNS} FROM tables t WHERE t.phase IN ("));
        sql.bind_list([Phase::Live, Phase::Finished, Phase::Aborted].map(Phase::name)).push(")");
        let viewer = f.viewer.clone().unwrap_or_default();
        let v = sql.param(viewer);
        sql.push(&format!(
            " AND (t.public = 1 OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.player_id = {v}))"
        ));
        let player = f.player.clone().or_else(|| f.result.and(f.viewer.clone()));
        if let Some(player) = &player {
            let p = sql.param(player.clone());
            sql.push(&format!(" AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.player_id = {p})"));
            match f.result {
                None => {}
                Some(ResultFilter::Win) => {
                    let p = sql.param(player.clone());
                    sql.push(&format!(
                        " AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.player_id = {p} AND s.place = 1) \
                         AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.place > 1)"
                    ));
                }
                Some(ResultFilter::Loss) => {
                    let p = sql.param(player.clone());
                    sql.push(&format!(
                        " AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.player_id = {p} AND s.place > 1)"
                    ));
                }
                Some(ResultFilter::Draw) => {
                    sql.push(" AND t.phase = ").bind(Phase::Finished.name()).push(
                        " AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id \
                         AND (s.place IS NULL OR s.place > 1))",
                    );
                }
            }
            if let Some(opponent) = &f.opponent {
                let p = sql.param(player.clone());
                let name = sql.param(format!("%{}%", opponent.to_lowercase()));
                sql.push(&format!(
                    " AND EXISTS (SELECT 1 FROM seats s JOIN players o ON o.id = s.player_id WHERE s.table_id = t.id \
                     AND s.player_id <> {p} AND LOWER(o.name) LIKE {name})"
                ));
            }
        } else if let Some(opponent) = &f.opponent {
            let name = sql.param(format!("%{}%", opponent.to_lowercase()));
            sql.push(&format!(
                " AND EXISTS (SELECT 1 FROM seats s JOIN players o ON o.id = s.player_id WHERE s.table_id = t.id \
                 AND LOWER(o.name) LIKE {name})"
            ));
        }
        if let Some(game) = &f.game {
            let g = sql.param(game.clone());
            sql.push(&format!(" AND t.game = {g}"));
        }
        if let Some(from) = f.from {
            let x = sql.param(from as i64);
            sql.push(&format!(" AND t.started_at >= {x}"));
        }
        if let Some(to) = f.to {
            let x = sql.param(to as i64);
            sql.push(&format!(" AND t.started_at < {x}"));
        }
        let per_page = f.per_page.clamp(1, 100);
        let offset = u64::from(f.page.clamp(1, 100_000) - 1) * u64::from(per_page);
        let limit = sql.param(i64::from(per_page) + 1);
        let skip = sql.param(offset as i64);
        sql.push(&format!(" ORDER BY t.started_at DESC, t.id LIMIT {limit} OFFSET {skip}"));
        let rows = sql.fetch_all(self.pool()).await?;
        let mut tables = rows.iter().map(TableRow::read).collect::<Result<Vec<_>, _>>()?;
        let more = tables.len() > per_page as usize;
        tables.truncate(per_page as usize);
        let ids: Vec<String> = tables.iter().map(|t| t.id.clone()).collect();
        let seats = self.seats_of(&ids).await?;
        let matches = tables
            .into_iter()
            .map(|table| {
                let mine = seats.iter().filter(|(id, _)| *id == table.id).map(|(_, s)| s.clone()).collect();
                MatchRow { table, seats: mine }
            })
            .collect();
        Ok((matches, more))
    }
}
