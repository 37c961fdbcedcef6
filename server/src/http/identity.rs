//! Sessions and accounts: guest sessions, display names, registration with
//! a password, login and logout.

use super::{ApiError, ApiJson};
use crate::AppState;
use crate::identity as id;
use crate::store::PlayerRow;
use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use protocol::{ErrorCode, PlayerInfo};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

/// The session token a request carries: `Authorization: Bearer …` or the cookie.
pub fn request_token(headers: &HeaderMap) -> Option<String> {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_string);
    bearer.or_else(|| headers.get(header::COOKIE).and_then(|v| v.to_str().ok()).and_then(crate::session_cookie::token))
}

/// The player a request comes from, if it carries a valid session.
pub async fn who(state: &AppState, headers: &HeaderMap) -> Result<Option<PlayerRow>, ApiError> {
    match request_token(headers) {
        Some(token) => Ok(id::player_for_token(&state.ctx.store, &token).await?),
        None => Ok(None),
    }
}

async fn required(state: &AppState, headers: &HeaderMap) -> Result<PlayerRow, ApiError> {
    who(state, headers)
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::Unauthorized, "no valid session; POST /api/session"))
}

/// A session: its token and its player.
#[derive(Serialize, Deserialize)]
pub struct SessionBody {
    /// The token (also set as an HttpOnly cookie).
    pub token: String,
    /// The player.
    pub player: PlayerInfo,
    /// The login name, for registered players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
}

fn with_cookie(state: &AppState, token: &str, body: SessionBody) -> Response {
    let mut response = Json(body).into_response();
    if let Ok(value) = HeaderValue::from_str(&crate::session_cookie::set(token, state.secure_cookies)) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

/// `POST /api/session`: the current session, or a new guest (a limited
/// number per client address and minute).
pub async fn session(
    State(state): State<AppState>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some(token) = request_token(&headers) {
        if let Some(player) = id::player_for_token(&state.ctx.store, &token).await? {
            return Ok(with_cookie(
                &state,
                &token,
                SessionBody { token: token.clone(), player: player.info(), username: player.username },
            ));
        }
    }
    if !state.guests.allow(&address.ip()) {
        return Err(ApiError::new(
            ErrorCode::RateLimited,
            "too many new guests from this address; try again in a minute",
        ));
    }
    let (player, token) = id::new_guest(&state.ctx.store).await?;
    Ok(with_cookie(&state, &token, SessionBody { token: token.clone(), player: player.info(), username: None }))
}

/// Who the caller is.
#[derive(Serialize)]
pub struct MeBody {
    player: PlayerInfo,
    #[serde(skip_serializing_if = "Option::is_none")]
    username: Option<String>,
}

/// `GET /api/me`.
pub async fn me(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<MeBody>, ApiError> {
    let player = required(&state, &headers).await?;
    Ok(Json(MeBody { player: player.info(), username: player.username }))
}

/// A new display name.
#[derive(Deserialize)]
pub struct NameBody {
    name: String,
}

/// `POST /api/me/name`.
pub async fn rename(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<NameBody>,
) -> Result<Json<MeBody>, ApiError> {
    let mut player = required(&state, &headers).await?;
    let name =
        crate::name::display_name(&body.name).map_err(|e| ApiError::new(ErrorCode::BadRequest, e.to_string()))?;
    state.ctx.store.rename(&player.id, &name).await?;
    player.name = name;
    Ok(Json(MeBody { player: player.info(), username: player.username }))
}

/// Credentials.
#[derive(Deserialize)]
pub struct Credentials {
    username: String,
    password: String,
}

fn check_password(password: &str) -> Result<(), ApiError> {
    if (8..=256).contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(ApiError::new(ErrorCode::BadRequest, "a password is 8 to 256 characters"))
    }
}

/// `POST /api/register`: the current guest becomes an account and keeps
/// its matches.
pub async fn register(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<Credentials>,
) -> Result<Response, ApiError> {
    let player = required(&state, &headers).await?;
    if player.username.is_some() {
        return Err(ApiError::new(ErrorCode::BadRequest, "you are registered already"));
    }
    if !id::valid_username(&body.username) {
        return Err(ApiError::new(ErrorCode::BadRequest, "a username is 3 to 24 letters, digits, _ or -"));
    }
    check_password(&body.password)?;
    let password = body.password.clone();
    let hash = state.hashing.run(move || id::hash_password(&password)).await.map_err(ApiError::internal)?;
    if !state.ctx.store.register(&player.id, &body.username, &hash).await? {
        return Err(ApiError::new(ErrorCode::Conflict, "that username is taken"));
    }
    let token = request_token(&headers).unwrap_or_default();
    let mut info = player.info();
    info.registered = true;
    Ok(with_cookie(&state, &token, SessionBody { token: token.clone(), player: info, username: Some(body.username) }))
}

/// `POST /api/login`: a new session for an account on this device; a
/// guest's matches played on this device move to the account.
pub async fn login(
    State(state): State<AppState>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<Credentials>,
) -> Result<Response, ApiError> {
    // Both limits are checked (and spent) before any work, so that guessing
    // from many addresses at one account, or at many accounts from one
    // address, stops alike.
    let by_address = state.logins_by_address.allow(&address.ip());
    let by_account = state.logins_by_account.allow(&body.username.to_lowercase());
    if !(by_address && by_account) {
        return Err(ApiError::new(ErrorCode::RateLimited, "too many login attempts; try again in a minute"));
    }
    // A name that cannot be a username is counted by its address alone.
    let address_key = format!("address:{}", address.ip());
    let user_key = id::valid_username(&body.username).then(|| format!("user:{}", body.username.to_lowercase()));
    let keys: Vec<&String> = std::iter::once(&address_key).chain(user_key.as_ref()).collect();
    let now = std::time::Instant::now();
    let wait = keys.iter().map(|key| state.login_backoff.wait(key, now)).max().unwrap_or_default();
    if !wait.is_zero() {
        let seconds = wait.as_secs_f64().ceil() as u64;
        return Err(ApiError::new(ErrorCode::RateLimited, format!("too many failed logins; try again in {seconds} s"))
            .retry_after(seconds));
    }
    let account = state.ctx.store.player_by_username(&body.username).await?;
    let stored = account.as_ref().and_then(|a| a.password_hash.clone());
    let password = body.password.clone();
    let ok = state
        .hashing
        .run(move || id::verify_password(&password, stored.as_deref()))
        .await
        .map_err(ApiError::internal)?;
    let Some(account) = account.filter(|_| ok) else {
        // The wait runs from the refusal, not from the request's arrival:
        // hashing may take a while on a busy machine.
        let refused = std::time::Instant::now();
        keys.iter().for_each(|key| state.login_backoff.failed(key, refused));
        return Err(ApiError::new(ErrorCode::BadCredentials, "wrong username or password"));
    };
    // Only the account's count is cleared: logging into one's own account
    // must not clear an address's failures against others.
    if let Some(key) = &user_key {
        state.login_backoff.succeeded(key);
    }
    if let Some(guest) = who(&state, &headers).await? {
        if guest.username.is_none() && guest.id != account.id {
            if state.ctx.store.live_seats(&guest.id).await? > 0 {
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    "you are playing a match as a guest on this device; log in once it is over",
                ));
            }
            state.ctx.store.move_matches(&guest.id, &account.id).await?;
        }
    }
    if let Some(old) = request_token(&headers) {
        state.ctx.store.delete_session(&id::sha256_hex(old.as_bytes())).await?;
    }
    let token = id::new_session(&state.ctx.store, &account.id).await?;
    Ok(with_cookie(
        &state,
        &token,
        SessionBody { token: token.clone(), player: account.info(), username: account.username },
    ))
}

/// `POST /api/logout`: ends this device's session.
pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = request_token(&headers) {
        state.ctx.store.delete_session(&id::sha256_hex(token.as_bytes())).await?;
    }
    let mut response = Json(serde_json::json!({ "ok": true })).into_response();
    if let Ok(value) = HeaderValue::from_str(&crate::session_cookie::clear(state.secure_cookies)) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    Ok(response)
}
