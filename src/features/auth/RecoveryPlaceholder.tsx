export function RecoveryPlaceholder() {
  return (
    <section className="card" aria-labelledby="recovery-title">
      <h1 id="recovery-title" className="card__title">
        Password recovery
      </h1>
      <p className="card__text">Password recovery is coming soon.</p>
      <a className="link" href="/">
        Back to login
      </a>
    </section>
  );
}
