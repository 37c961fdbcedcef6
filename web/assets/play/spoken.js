// What a screen reader is told as a match goes on, one sentence per event:
// each move as the move list reads it, with its seat's name, a seat
// leaving, what the rules did as a turn began (a volley of archers), draw
// offers and their answers, the end, and when it becomes
// the listener's turn. Only what the viewer may read is said: a hidden
// move is said to have been made, never what it was.

/** The seat's name on the board, from the layout's seats. */
function seatName(seats, seat) {
  return Number.isInteger(seat) ? seats[seat]?.name ?? `Seat ${seat + 1}` : null;
}

/**
 * The sentence for `event` (an event of the protocol, as this viewer sees
 * it), or null for one that says nothing new; `seats` are the layout's,
 * `yourTurn` whether the listener is asked to act after it.
 */
export function spoken(event, { seats, yourTurn = false }) {
  const who = seatName(seats, event.seat);
  let said = null;
  switch (event.kind) {
    case "action":
      if (event.hidden || !event.text) said = `${who ?? "A player"} moved.`;
      else said = `${who ? `${who}: ` : ""}${event.text}.`;
      break;
    case "chance":
      said = event.text && !event.hidden ? `${event.text}.` : null;
      break;
    case "left":
      said = `${event.text}.`;
      break;
    case "taken_over":
      said = `${event.player?.name ?? "The computer"} takes over ${who ?? "a seat"}.`;
      break;
    case "draw_offered":
      said = `${who ?? "A player"} offers a draw.`;
      break;
    case "draw_declined":
      said = "The draw offer was declined.";
      break;
    case "draw_agreed":
      said = "Drawn by agreement.";
      break;
    case "ended":
      said = "The match is over.";
      break;
    default:
      said = null;
  }
  // What the rules did as the next turn began (an archer volley).
  if (event.opening?.text) said = `${said ?? ""} ${event.opening.text}.`.trim();
  if (yourTurn && event.kind !== "ended") said = `${said ?? ""} Your turn.`.trim();
  return said;
}
