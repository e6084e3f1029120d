/** A decorative 5 x 5 bingo board for the hero; hidden from assistive technology. */
const ticked = new Set([0, 6, 12, 18, 24, 3, 9, 15]);

export function HeroBoard() {
  return (
    <div className="hero-board" aria-hidden="true">
      <div className="hero-board__grid">
        {Array.from({ length: 25 }, (_, i) => (
          <span
            key={i}
            className={ticked.has(i) ? 'hero-board__cell is-ticked' : 'hero-board__cell'}
          >
            {i + 1}
          </span>
        ))}
      </div>
      <div className="hero-board__score">
        <span>Score</span>
        <strong>16/20</strong>
        <span className="hero-board__tier">4R/R</span>
      </div>
    </div>
  );
}
