import { Link, useSearchParams } from 'react-router';
import { Alert, buttonClass } from '@/components';
import { homeErrorMessage } from '@/lib/home-errors';
import { FeatureCards } from './feature-cards';
import { HeroBoard } from './hero-board';
import './home.css';

/** Home: the hero, four feature cards, and the error banner for the code in `?error=`. */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const error = homeErrorMessage(params.get('error'));

  return (
    <div className="home">
      {error ? (
        <div className="home__banner">
          <Alert tone="error" banner onDismiss={() => setParams({}, { replace: true })}>
            {error}
          </Alert>
        </div>
      ) : null}
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__copy">
          <p className="hero__eyebrow">Discipline you can tick off</p>
          <h1 id="hero-title" className="hero__title">
            Transform Your Trading Journey with Fun and Discipline
          </h1>
          <p className="hero__lead">
            Turn your trading rules into a bingo board. Tick the good practices before each trade,
            let your score set the risk you may take, and keep a journal that shows what works.
          </p>
          <div className="hero__actions">
            <Link to="/bingo" className={buttonClass('primary', 'hero__cta')}>
              Start Trading Now
            </Link>
            <Link to="/about" className={buttonClass('secondary')}>
              How it works
            </Link>
          </div>
        </div>
        <HeroBoard />
      </section>
      <FeatureCards />
    </div>
  );
}
