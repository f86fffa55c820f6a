// Instructive example deals: a full deal and four small hand-made endings.
// Each ending's double-dummy numbers are in the text; the site's tests check them.

export const EXAMPLES = [
  {
    id: 'full-lead',
    title: 'Full deal: the only lead that beats 3NT',
    deal: 'N:7654.AK5.QJ4.A64 QT9.T4.T86532.K3 A83.Q9763.K9.T98 KJ2.J82.A7.QJ752',
    trump: 'NT',
    declarer: 'N',
    contract: { level: 3, strain: 'NT', doubled: 0 },
    dealer: 'N',
    vulnerable: 'None',
    text:
      'North plays 3NT and East is on lead. Only one card beats it: the ♣K, which unblocks the ' +
      'clubs for West’s long suit. Every other lead, even the ♣3, gives North–South a ninth trick: ' +
      'the numbers on East’s cards show “=” for the king and “+1” for the rest. Click a card to play it.',
  },
  {
    id: 'full-finesse',
    title: 'Full deal: 4♠ and the heart finesse',
    deal: 'N:KQ43.AQ5.872.K64 72.T63.9643.9752 AJT98.742.A5.A83 65.KJ98.KQJT.QJT',
    trump: 'S',
    declarer: 'S',
    contract: { level: 4, strain: 'S', doubled: 0 },
    dealer: 'S',
    vulnerable: 'None',
    text:
      'South plays 4♠ after West leads. The ♥K sits with West, so a finesse of the ♥Q works: ' +
      'play on and watch the numbers on declarer’s hearts when the time comes to lead them.',
  },
  {
    id: 'finesse',
    title: 'A finesse',
    deal: 'N:.AQ.AK. .J9.54. .43.32. .K5.76.',
    trump: 'NT',
    leader: 'S',
    perspective: 'NS',
    text:
      'South is on lead in notrump and North–South want all four tricks. Lead a heart towards ' +
      'dummy’s ♥A Q and finesse the queen: West’s king is trapped. Lead a diamond instead and North ' +
      'must lead hearts from the ♥A Q, losing a trick to the king.',
  },
  {
    id: 'squeeze',
    title: 'A squeeze',
    deal: 'N:.A2.2. KQJ... .3.3.A .KQ.A.',
    trump: 'NT',
    leader: 'S',
    perspective: 'NS',
    text:
      'Cash the ♣A first. West has to keep ♥K Q to guard hearts and the ♦A to guard diamonds, and ' +
      'cannot keep all three: whatever he throws, North’s last cards are winners. Lead a heart first ' +
      'and North–South take only one trick.',
  },
  {
    id: 'endplay',
    title: 'An endplay',
    deal: 'N:AQ.3.. K4.A.. 32.2.. ..KQJ.',
    trump: 'NT',
    leader: 'S',
    perspective: 'NS',
    text:
      'East holds ♠K 4 behind North’s ♠A Q, so a finesse loses. Throw East in with a heart instead: ' +
      'after winning the ♥A East must lead a spade into the tenace, and North makes both spades.',
  },
  {
    id: 'ruff',
    title: 'A ruff',
    deal: 'N:3..432. .JT9.5. AK.A2.. QJ.KQ..',
    trump: 'S',
    leader: 'S',
    perspective: 'NS',
    text:
      'Spades are trumps. Cash the ♥A, then ruff the ♥2 with dummy’s ♠3 before drawing trumps, and ' +
      'come back by ruffing a diamond: four tricks. Drawing trumps first leaves the ♥2 a loser.',
  },
];

export const DEFAULT_EXAMPLE = 'full-lead';
