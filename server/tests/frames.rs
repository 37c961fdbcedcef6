//! No frame the server sends grows past a documented size, whatever the
//! game and however long the match: random matches of every game are
//! played by real clients, who measure every frame they receive.

mod common;

use common::{Client, FRAME_LIMIT, TestDb, TestServer, play_on, start_game};

#[tokio::test(flavor = "multi_thread")]
async fn no_frame_of_any_game_exceeds_the_limit() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    for (i, game) in rules::registry::games().iter().enumerate() {
        let id = game.info().id;
        let options = common::test_options(id);
        let mut clients = Vec::new();
        for _ in 0..game.seat_count(&options).unwrap() {
            clients.push(server.client().await);
        }
        let mut players: Vec<&mut Client> = clients.iter_mut().collect();
        let (table, _) = start_game(&mut players, id, options, None).await;
        let (played, _) = play_on(&mut players, &table, 400, i as u64 + 11).await;
        let largest = clients.iter().map(|c| c.largest.clone()).max().unwrap();
        eprintln!("{id}: {played} actions, largest frame {} bytes ({})", largest.0, largest.1);
        assert!(largest.0 <= FRAME_LIMIT, "{id}: a {} frame of {} bytes", largest.1, largest.0);
    }
    server.stop().await;
    db.drop_db().await;
}
