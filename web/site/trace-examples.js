// Small endings for the trace of the search (`solver.trace`): each at most 4 tricks, with a
// short lesson. `target`, when present, asks one null-window search (tricks the side to move
// must take); without it the trace is the whole MTD(f) run. The array is plain JSON, so that
// `crate/cli/tests/cli.rs` reads it and checks each lesson with `glasshand trace`.

export const TRACE_EXAMPLES = [
  {
    "name": "A finesse, king onside",
    "deal": "N:AQ... J4... 32... K5...",
    "trump": "NT",
    "leader": "S",
    "trick": [],
    "target": 2,
    "text": "South leads towards North's ♠A Q and West holds the king: whatever West plays, North wins both tricks. The search tries South's low spade, and at each of West's cards North's reply decides the node. East's ♠J is never tried: it differs from the ♠4 only by cards that the proof does not need."
  },
  {
    "name": "The same finesse, king offside",
    "deal": "N:AQ... K4... 32... J5...",
    "trump": "NT",
    "leader": "S",
    "trick": [],
    "target": 2,
    "text": "Swap the king and the jack: now East holds the ♠K behind North's queen, and two tricks fail whatever North does. The ace drops nothing and the queen loses to the king. The root stores \"at most one trick\" for every layout where North holds the top spade and East the second."
  },
  {
    "name": "A simple squeeze",
    "deal": "N:A2..5. ..987. 4.Q..A K3.K..",
    "trump": "NT",
    "leader": "S",
    "trick": [],
    "text": "West alone guards spades (♠K 3 against North's ♠A 2) and hearts (♥K against South's ♥Q). South cashes the ♣A and West must let one guard go; North discards after him and keeps the suit that became good, so North-South take all three tricks. In the tree, West's ♠K is skipped as covered by the ♠3: below the ace both discards are the same."
  },
  {
    "name": "An endplay",
    "deal": "N:32.3.. ..987. AQ.2.. K4.A..",
    "trump": "NT",
    "leader": "N",
    "trick": [],
    "text": "The spade finesse loses to West's king, but West's only other card is the ♥A. North exits with a heart: West must win it and lead a spade into South's ♠A Q, and North-South take two tricks. The run's first search finds the heart exit after the spade fails."
  },
  {
    "name": "One entry, many layouts",
    "deal": "N:3.Q84.. A72.6.. QJ.A5.. 64.T7..",
    "trump": "H",
    "leader": "N",
    "trick": [],
    "target": 4,
    "text": "North-South cannot take all four tricks. After North's ♥4 the search solves the position after the first trick and stores its bound under a pattern: the owner of the top spade and of the top two hearts. After North's ♥8 the same trick leaves a different position (North keeps the ♥4 instead of the ♥8), yet the entry answers it at once: it holds for every layout of the spot cards."
  }
];
