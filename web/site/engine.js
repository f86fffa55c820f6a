// The site's way to the solver: the JS API of web/glasshand.js (one worker), with a small
// queue in front of it. The API lets the latest job win, so the site sends one job at a
// time, most urgent first (the cards of the position on screen, then the DD table, then the
// play record and the partition-search view, then the classroom comparisons), drops jobs
// that no longer matter, and stops a running job that has gone stale.

export class Engine {
  /** onState(state, detail): 'loading' | 'idle' | 'computing' | 'failed'. */
  constructor({ onState } = {}) {
    this.onState = onState || (() => {});
    this.queue = [];
    this.running = null;
    this.api = null;
    this.failed = null;
    this.seq = 0;
  }

  async start(loadApi) {
    this.onState('loading');
    try {
      this.api = await loadApi();
    } catch (e) {
      this.failed = e;
      this.onState('failed', e);
      for (let job of this.queue.splice(0)) job.reject(e);
      return;
    }
    this.#pump();
  }

  get threads() {
    return this.api?.threads ?? 1;
  }

  /**
   * Queues a job. job = {key, priority (lower runs first), run(api) -> Promise, stale() -> bool}.
   * A queued job with the same key is replaced (its promise settles with the new one's result).
   */
  submit({ key, priority = 5, run, stale = () => false }) {
    if (this.failed) return Promise.reject(this.failed);
    if (this.running && this.running.key === key && !this.running.stopped) return this.running.promise;
    let existing = this.queue.find((j) => j.key === key);
    if (existing) {
      existing.run = run;
      existing.stale = stale;
      existing.priority = Math.min(existing.priority, priority);
      return existing.promise;
    }
    let job = { key, priority, run, stale, seq: this.seq++ };
    job.promise = new Promise((resolve, reject) => {
      job.resolve = resolve;
      job.reject = reject;
    });
    job.promise.catch(() => {});
    this.queue.push(job);
    this.#pump();
    // A more urgent job stops a running job that is already stale.
    if (this.running && !this.running.stopped && this.running.stale()) this.#stopRunning();
    return job.promise;
  }

  /** Drops queued jobs for which pred(key) holds, and stops the running one if it matches. */
  cancel(pred) {
    let dropped = this.queue.filter((j) => pred(j.key));
    this.queue = this.queue.filter((j) => !pred(j.key));
    for (let j of dropped) j.reject(Object.assign(new Error('cancelled'), { code: 'cancelled' }));
    if (this.running && !this.running.stopped && pred(this.running.key)) this.#stopRunning();
  }

  /** Stops everything that is queued or running. */
  stopAll() {
    this.cancel(() => true);
  }

  #stopRunning() {
    this.running.stopped = true;
    try {
      this.api?.stop();
    } catch {
      /* nothing to stop */
    }
  }

  async #pump() {
    if (this.running || !this.api) return;
    // Drop stale jobs, then take the most urgent (oldest first among equals).
    for (let j of this.queue.filter((j) => j.stale())) {
      j.reject(Object.assign(new Error('stale'), { code: 'cancelled' }));
    }
    this.queue = this.queue.filter((j) => !j.stale());
    if (!this.queue.length) {
      this.onState('idle');
      return;
    }
    this.queue.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
    let job = this.queue.shift();
    this.running = job;
    this.onState('computing', job.key);
    try {
      let t0 = performance.now();
      let result = await job.run(this.api);
      job.ms = performance.now() - t0;
      job.resolve(result);
    } catch (e) {
      if (job.stopped || e.code === 'stopped' || e.code === 'replaced') {
        e = Object.assign(new Error(e.message || 'cancelled'), { code: 'cancelled', cause: e });
      }
      job.reject(e);
    } finally {
      this.running = null;
      // Let the page breathe between jobs.
      setTimeout(() => this.#pump(), 0);
    }
  }
}
