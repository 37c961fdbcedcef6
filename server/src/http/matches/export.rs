//! `GET /api/matches/{id}/export`: a match in the game's notation or as
//! the open JSON record (its seed and every change, chance included).

use super::super::computed::{self, Computed};
use super::super::{ApiError, ApiQuery};
use super::MatchQuery;
use super::history::{Loaded, is_step, load};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use protocol::{ErrorCode, MatchResult};
use rules::record::RecordMeta;
use rules::tools::replay::JsonRecord;
use serde_json::{Value, json};

/// `GET /api/matches/{id}/export?format=notation|json`.
pub async fn export(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<MatchQuery>,
) -> Result<Response, ApiError> {
    let m = load(&state, &headers, &id, q.code.as_deref()).await?;
    let format = q.format.unwrap_or_else(|| "notation".to_string());
    // The players' names are written in the record, and a name can change.
    let asked = m.revealed.then(|| format!("export/{format}/{:?}", m.names()));
    if let Some(answer) = computed::cached(&state, &id, asked.as_deref()).await {
        return Ok(answer);
    }
    let m = m.read_events(&state).await?;
    match format.as_str() {
        "json" if !m.revealed => {
            return Err(ApiError::new(
                ErrorCode::Forbidden,
                "the JSON record, with its seed, is available once the match is over",
            ));
        }
        "notation" if !m.all_visible() => {
            return Err(ApiError::new(ErrorCode::Forbidden, "some moves are hidden from you until the match is over"));
        }
        "json" | "notation" => {}
        other => {
            return Err(ApiError::new(ErrorCode::BadRequest, format!("format is notation or json, not {other:?}")));
        }
    }
    computed::answer(&state, &id, asked, move || if format == "json" { m.json_record() } else { m.notation() }).await
}

impl Loaded {
    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.player.name.clone()).collect()
    }

    /// The open JSON record: the seed and every change, chance included.
    fn json_record(&self) -> Result<Computed, ApiError> {
        let mut history = Vec::new();
        self.rebuild(|_, changes, _| {
            history.extend_from_slice(changes);
            Ok(())
        })?;
        let record = JsonRecord {
            game: self.row.game.clone(),
            rules_version: self.row.rules_version,
            options: self.options.clone(),
            seed: self.seed()?,
            history,
            actions: vec![],
        };
        let mut body = serde_json::to_value(&record).map_err(ApiError::internal)?;
        body["table"] = json!(self.row.id);
        body["players"] = json!(self.names());
        body["seed_commitment"] = json!(self.row.seed_commitment);
        body["result"] = self.row.result.as_deref().and_then(|r| serde_json::from_str(r).ok()).unwrap_or(Value::Null);
        body["started_at"] = json!(self.row.started_at);
        let text = serde_json::to_string_pretty(&body).map_err(ApiError::internal)?;
        Ok(Computed {
            body: text.into(),
            content_type: "application/json",
            filename: Some(format!("tactica-{}-{}.json", self.row.game, self.row.id)),
        })
    }

    /// The record in the game's notation: each turn as the referee wrote it.
    fn notation(&self) -> Result<Computed, ApiError> {
        // Each turn's text is that of its last step.
        let mut turns: Vec<(u32, String)> = Vec::new();
        for entry in self.events.iter().filter_map(|e| e.body.entry()).filter(|e| is_step(e)) {
            let text = entry.turn_text.clone().unwrap_or_else(|| entry.text.clone());
            match turns.last_mut() {
                Some((turn, last)) if *turn == entry.turn => *last = text,
                _ => turns.push((entry.turn, text)),
            }
        }
        let turns: Vec<String> = turns.into_iter().map(|(_, text)| text).collect();
        let start = self.game.new_match(&self.options).map_err(ApiError::internal)?;
        let meta = RecordMeta {
            event: format!("Tactica match {}", self.row.id),
            date: self.row.started_at.map(date_of),
            players: self.names(),
            outcome: self
                .row
                .result
                .as_deref()
                .and_then(|r| serde_json::from_str::<MatchResult>(r).ok())
                .and_then(|r| r.outcome),
            position: None,
        };
        let text = start.write_record(&turns, &meta);
        let extension = if self.row.game == "dame100" { "pdn" } else { "txt" };
        Ok(Computed {
            body: text.into(),
            content_type: "text/plain; charset=utf-8",
            filename: Some(format!("tactica-{}-{}.{extension}", self.row.game, self.row.id)),
        })
    }
}

/// YYYY-MM-DD of a time in milliseconds since the epoch (UTC).
fn date_of(ms: u64) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000);
    at.map_or_else(|_| "????-??-??".to_string(), |at| at.date().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc_dates() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(951_782_400_000), "2000-02-29");
        assert_eq!(date_of(1_795_000_000_000), "2026-11-18");
    }
}
