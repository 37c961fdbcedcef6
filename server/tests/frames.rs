//! No frame the server sends grows past a documented size, whatever the
//! game and however long the match: random matches of every game are
//! played by real clients, who measure every frame they receive.

mod common;

use common::{FRAME_LIMIT, TestDb, TestServer, play_random, start_private_match};

#[tokio::test(flavor = "multi_thread")]
async fn no_frame_of_any_game_exceeds_the_limit() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    for (i, game) in rules::registry::games().iter().enumerate() {
        let id = game.info().id;
        let (mut a, mut b) = (server.client().await, server.client().await);
        let (table, _) = start_private_match(&mut a, &mut b, id, None).await;
        let (played, _) = play_random(&mut a, &mut b, &table, 400, i as u64 + 11).await;
        let largest = a.largest.clone().max(b.largest.clone());
        eprintln!("{id}: {played} actions, largest frame {} bytes ({})", largest.0, largest.1);
        assert!(largest.0 <= FRAME_LIMIT, "{id}: a {} frame of {} bytes", largest.1, largest.0);
    }
    server.stop().await;
    db.drop_db().await;
}
