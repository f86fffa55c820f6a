// The page's markup. app.js fills it in; index.html only provides <div id="glasshand-app">.

export const LAYOUT = /* html */ `
<a class="skip" href="#board">Skip to the deal</a>
<header class="top">
  <div class="brand">
    <h1><span class="logo" aria-hidden="true">♠<span class="r">♥</span></span> Glasshand</h1>
    <p class="tagline">A double-dummy solver that shows its working
      <span id="engine-state" class="engine-state" role="status" aria-live="polite"><span class="dot" aria-hidden="true"></span><span class="text">Loading the solver…</span></span></p>
  </div>
  <nav class="toolbar" aria-label="Deal">
    <label class="sr-only" for="example-select">Example deal</label>
    <select id="example-select"></select>
    <button type="button" id="random-deal">Random deal</button>
    <button type="button" id="toggle-entry" aria-expanded="false" aria-controls="entry">Enter a deal…</button>
    <button type="button" id="share-link">Copy link</button>
    <button type="button" id="share-embed">Embed…</button>
    <button type="button" id="export-pbn">Export PBN</button>
  </nav>
</header>
<p id="status" class="status" role="status" aria-live="polite"></p>
<section id="entry" class="panel entry" hidden aria-labelledby="entry-title">
  <h2 id="entry-title">Enter a deal</h2>
  <div id="entry-body"></div>
</section>
<div id="pbn-export" class="panel" hidden>
  <h2>PBN export</h2>
  <label for="pbn-text">The deal with its double-dummy table (OptimumResultTable):</label>
  <textarea id="pbn-text" rows="12" readonly spellcheck="false"></textarea>
  <div class="row"><a id="pbn-download" class="button" download="glasshand.pbn" href="#">Download glasshand.pbn</a>
  <button type="button" id="pbn-close">Close</button></div>
</div>
<div id="embed-export" class="panel" hidden>
  <h2>Put this deal in a blog post</h2>
  <label for="embed-script">Where the blog allows a script (WordPress.org, Blogger, a club site): the widget from a CDN.</label>
  <textarea id="embed-script" rows="4" readonly spellcheck="false"></textarea>
  <label for="embed-iframe">Where it allows only an iframe:</label>
  <textarea id="embed-iframe" rows="3" readonly spellcheck="false"></textarea>
  <div class="row"><button type="button" id="embed-close">Close</button></div>
</div>
<main class="layout">
  <section id="board" class="panel board" aria-labelledby="board-title" tabindex="-1">
    <h2 id="board-title" class="sr-only">The deal</h2>
    <p id="example-text" class="example-text"></p>
    <div id="diagram"></div>
    <div class="play-controls" role="toolbar" aria-label="Play">
      <button type="button" id="btn-start" aria-label="Back to the start" title="Start (Home)">|◀</button>
      <button type="button" id="btn-prev-trick" aria-label="Previous trick" title="Previous trick (Page Up)">◀◀</button>
      <button type="button" id="btn-undo" aria-label="Undo" title="Undo (←)">◀</button>
      <button type="button" id="btn-redo" aria-label="Redo" title="Redo (→)">▶</button>
      <button type="button" id="btn-next-trick" aria-label="Next trick" title="Next trick (Page Down)">▶▶</button>
      <button type="button" id="btn-end" aria-label="To the last card played" title="End (End)">▶|</button>
      <button type="button" id="btn-best" class="primary" title="Play the best card (B)">Play best card</button>
      <button type="button" id="btn-rest" title="Play the rest double-dummy">Play the rest double-dummy</button>
    </div>
    <p id="position-text" class="position-text" aria-live="polite"></p>
    <p class="inert-switch"><label class="check"><input type="checkbox" id="show-inert" aria-describedby="inert-hint"> <span>Show inert cards as <b>x</b></span></label>
      <span id="inert-hint" class="hint">An x is an inert card: its rank does not matter here, only how many of them a hand holds.</span></p>
    <p class="keys">Keys: type a card (<kbd>H</kbd> <kbd>Q</kbd>), <kbd>←</kbd>/<kbd>→</kbd> undo/redo, <kbd>PgUp</kbd>/<kbd>PgDn</kbd> tricks, <kbd>B</kbd> best card.</p>
  </section>
  <aside class="side">
    <section class="panel" aria-labelledby="contract-title">
      <h2 id="contract-title">Contract and lead</h2>
      <div class="contract-grid">
        <fieldset class="strains"><legend>Trumps</legend><div id="strain-buttons" class="seg"></div></fieldset>
        <div class="field" id="field-declarer"><label for="declarer-select">Declarer</label><select id="declarer-select"></select></div>
        <div class="field"><label for="leader-select">On lead</label><select id="leader-select"></select></div>
        <div class="field" id="field-level"><label for="level-select">Level</label><select id="level-select"></select></div>
        <div class="field"><label for="perspective-select">Count tricks for</label><select id="perspective-select">
          <option value="NS">North–South</option><option value="EW">East–West</option></select></div>
        <div class="field wide"><label for="display-select">Numbers on cards</label><select id="display-select">
          <option value="delta">= / ±1 against best play</option>
          <option value="tricks">Total tricks</option>
          <option value="contract">= / +1 / −1 against the contract</option></select></div>
        <div class="field"><label for="dealer-select">Dealer</label><select id="dealer-select"></select></div>
        <div class="field"><label for="vul-select">Vulnerable</label><select id="vul-select">
          <option value="None">None</option><option value="NS">N–S</option><option value="EW">E–W</option><option value="All">All</option></select></div>
      </div>
    </section>
    <section class="panel" aria-labelledby="table-title">
      <h2 id="table-title">Double-dummy table</h2>
      <table id="dd-table" class="dd-table"><caption class="sr-only">Tricks for each declarer and strain</caption></table>
      <p id="par-text" class="par"></p>
      <p class="hint">Click a number to play that contract.</p>
    </section>
    <section class="panel" aria-labelledby="record-title">
      <h2 id="record-title">The play</h2>
      <ol id="play-record" class="record"></ol>
      <p id="record-note" class="hint"></p>
    </section>
  </aside>
</main>
<section id="single" class="panel single" aria-labelledby="single-title">
  <h2 id="single-title">Single-dummy: the best card when you cannot see the other hands</h2>
  <div class="single-grid">
    <div class="single-settings">
      <p id="single-intro" class="hint"></p>
      <fieldset id="single-hidden" class="single-hidden"><legend>Hidden hands</legend></fieldset>
      <div id="single-constraints"></div>
      <div class="row">
        <label for="single-samples">Samples</label><input type="number" id="single-samples" min="1" max="5000" value="200">
        <label for="single-seed">Seed</label><input type="number" id="single-seed" min="0" value="1">
        <button type="button" id="single-run" class="primary">Run</button>
        <button type="button" id="single-stop" hidden>Stop</button>
      </div>
      <p id="single-status" class="single-status" role="status" aria-live="polite"></p>
    </div>
    <div class="single-results">
      <table id="single-table" class="gh-sd-table"></table>
    </div>
  </div>
  <div id="single-deals" hidden>
    <h3>Some of the sampled deals</h3>
    <div id="single-deal-list" class="row"></div>
    <div id="single-deal-diagram"></div>
  </div>
  <div class="explain">
    <details open><summary>How it works, and strategy fusion</summary>
      <p>At the table nobody sees all four hands. <b>Single-dummy analysis</b> deals the unseen cards at random many times, keeping only the layouts that fit what is known (the cards played, who showed out, the constraints you set), solves each sample double-dummy for every card, and averages. The card with the best average is the pick; the whiskers show how sure the sample is.</p>
      <p>The method has a known flaw, <b>strategy fusion</b>: each double-dummy solve sees the hidden cards, so it always guesses right, while a real declarer must choose one line for every layout. Take ♠AJ2 in South opposite ♠K103 in North, the queen missing. Every double-dummy solve finesses the right way: the average says 3 tricks. A declarer who must commit to one finesse wins the queen only when it lies the right way (or falls): about 2½.</p>
      <div class="row"><button type="button" id="fusion-run">Work it out live</button><button type="button" id="fusion-exact">The exact answer, layout by layout ↓</button><span id="fusion-status" class="hint" role="status" aria-live="polite"></span></div>
      <div id="fusion-out"></div>
    </details>
  </div>
</section>
<section id="suit-play" class="panel suit-play" aria-labelledby="suit-title">
  <h2 id="suit-title">Suit play: the best line for one suit, exactly</h2>
  <p class="hint">Declarer sees only his own cards; the defenders see everything and defend as well as they can. For each number of tricks the engine finds the line with the best chance, over every layout of the missing cards (weighted by vacant places), with no sampling and no strategy fusion.</p>
  <form id="suit-form" class="suit-form" novalidate>
    <div class="suit-hands">
      <label for="suit-north">North</label><input type="text" id="suit-north" value="AJ2" autocomplete="off" spellcheck="false" aria-describedby="suit-error">
      <label for="suit-south">South</label><input type="text" id="suit-south" value="K103" autocomplete="off" spellcheck="false" aria-describedby="suit-error">
    </div>
    <div class="suit-take" role="group" aria-labelledby="suit-take-label"><span id="suit-take-label" class="hint">Take this deal’s</span><span id="suit-take" class="suit-take-buttons"></span></div>
    <details class="suit-vacant"><summary>Vacant places</summary>
      <label for="suit-west-vacant">West</label><input type="number" id="suit-west-vacant" min="0" max="13" placeholder="13">
      <label for="suit-east-vacant">East</label><input type="number" id="suit-east-vacant" min="0" max="13" placeholder="13">
      <p class="hint">How many cards each defender holds in the other suits decides how likely each split is: after an opponent’s long suit, fewer places are left in his hand. Blank: 13.</p>
    </details>
    <div class="row"><button type="submit" id="suit-solve" class="primary">Solve</button><button type="button" id="suit-stop" hidden>Stop</button></div>
  </form>
  <p id="suit-error" class="field-error" role="alert" hidden></p>
  <p id="suit-status" class="hint" role="status" aria-live="polite"></p>
  <div id="suit-result" class="suit-result" hidden>
    <div class="suit-top">
      <div id="suit-problem"></div>
      <div class="suit-chances"><h3>The best chance of each number of tricks</h3><div id="suit-bars"></div></div>
    </div>
    <p id="suit-fusion" class="suit-fusion"></p>
    <div class="suit-goal"><label for="suit-goal">Line for</label><select id="suit-goal"></select></div>
    <h3>The line, card by card</h3>
    <p class="hint">Declarer’s cards follow from the line; click a defender’s card to see what declarer does next. A button like 9–4 stands for any of those cards: they are alike to declarer.</p>
    <div id="suit-walk" class="suit-walk-box"></div>
    <h3>Every layout</h3>
    <div id="suit-splits"></div>
  </div>
</section>
<section id="inside" class="panel inside" aria-labelledby="inside-title">
  <h2 id="inside-title">Inside the solver</h2>
  <div class="inside-grid">
    <div class="inside-text">
      <h3>Which cards matter</h3>
      <p id="active-text">…</p>
      <h3>What the search did, trick by trick</h3>
      <p id="stats-text" class="hint"></p>
    </div>
    <div class="chart-box">
      <div class="chart-head">
        <span id="chart-title">Search statistics per trick</span>
        <span class="seg small-seg" role="radiogroup" aria-label="Chart scale">
          <label><input type="radio" name="chart-scale" value="log" checked> log</label>
          <label><input type="radio" name="chart-scale" value="linear"> linear</label>
        </span>
      </div>
      <div id="stats-chart"></div>
      <details><summary>The numbers</summary><div id="stats-numbers"></div></details>
    </div>
  </div>
  <div class="ablation">
    <h3>Classroom comparison</h3>
    <p class="hint" id="ablation-intro">Solve the position at the start of this trick with parts of the solver switched off, each time from an empty table. The value never changes; the work does. The first row is the search described above, with its figures; each other row is a search of its own. Times are measured in the solver’s worker and include clearing the table.</p>
    <div class="row">
      <button type="button" id="run-ablation" class="primary">Compare</button>
      <button type="button" id="stop-ablation" hidden>Stop</button>
      <button type="button" id="ablation-slow" hidden>Include the slow ones</button>
      <span id="ablation-note" class="hint"></span>
    </div>
    <table id="ablation-table" class="ablation-table">
      <thead><tr><th scope="col">Solver</th><th scope="col">Value</th><th scope="col">Nodes</th><th scope="col"><abbr title="Nodes compared with partition search">× nodes</abbr></th><th scope="col">TT hits</th><th scope="col">Time</th><th scope="col" class="bar-col"><span class="sr-only">Nodes, relative</span></th></tr></thead>
      <tbody></tbody>
    </table>
  </div>
  <div class="explain">
    <details open><summary>Partition search</summary>
      <p>After proving a result, the solver asks which cards it actually relied on. A card is <b>active</b> when it won a trick <i>because of its rank</i> somewhere in the proof; the rest are <b>inert</b>: only how many of them each hand holds mattered. The result then holds for every position with the same suit lengths and the same owners of the active cards, so one search answers for many deals at once. This idea is Matthew Ginsberg’s <i>partition search</i>, which made his GIB program fast.</p>
    </details>
    <details><summary>The transposition table and bounds</summary>
      <p>Different orders of play often reach the same position. The solver stores what it learnt at the start of each trick in a <b>transposition table</b> (TT): not a single value but a lower and an upper bound on the tricks, so one entry serves every target. An <i>exact</i> table only matches identical cards; <i>relative ranks</i> also match positions where only played cards differ; <i>partition</i> entries match whenever the active cards agree. The table’s layout, an owner vector per suit with a mask over the active cards, follows Pierre Bradmetz’s <i>Les solveurs double mort</i>.</p>
    </details>
    <details><summary>Quick tricks and move ordering</summary>
      <p><b>Quick tricks</b> count the winners the side on lead can cash at once; when they already reach the target, the search stops without trying a card. <b>Move ordering</b> tries the likely best cards first (win cheaply, second hand low, finesse, ruff), so the other cards are refuted quickly. Switch either off in the comparison above and watch the node count grow.</p>
    </details>
  </div>
</section>
<section id="search-tree" class="panel search-tree" aria-labelledby="search-tree-title">
  <h2 id="search-tree-title">The search tree, step by step</h2>
  <div id="search-tree-body"></div>
</section>
<footer class="foot">
  <p id="thread-note" class="quiet"></p>
  <p class="quiet">Glasshand solves in your browser with WebAssembly; nothing is sent anywhere.</p>
</footer>
`;
