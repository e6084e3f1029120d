/** The sections of the page a trader can show or hide. */
export const SECTIONS = {
  positions: 'Open positions',
  orders: 'Open orders',
  trades: 'Trade history',
  history: 'Order history',
} as const;
export type SectionId = keyof typeof SECTIONS;
export type ShownSections = Readonly<Record<SectionId, boolean>>;

/** Positions and orders show at first; the histories load when asked for. */
export const DEFAULT_SECTIONS: ShownSections = {
  positions: true,
  orders: true,
  trades: false,
  history: false,
};

/** Toggle buttons (aria-pressed) that show or hide each table. */
export function SectionToggles({
  shown,
  onToggle,
}: {
  shown: ShownSections;
  onToggle: (id: SectionId) => void;
}) {
  return (
    <div className="section-toggles" role="group" aria-label="Show sections">
      {(Object.keys(SECTIONS) as SectionId[]).map((id) => (
        <button
          key={id}
          type="button"
          className="toggle-button"
          aria-pressed={shown[id]}
          onClick={() => onToggle(id)}
        >
          {SECTIONS[id]}
        </button>
      ))}
    </div>
  );
}
