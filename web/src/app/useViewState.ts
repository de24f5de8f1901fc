import { useCallback, useEffect, useState } from 'react';
import type { ViewState } from '../scenario/link';

export type Theme = 'dark' | 'light';

/** What is on screen besides the run and that a link carries: charts hidden, charts shown as
 * close-ups, the theme and presenter mode (the speed is the engine's, the camera the globe's).
 * `closeUps` holds only what the user chose (true: close-up, false: whole run); a chart not in it
 * shows its model's default (`closeUpByDefault`). Links write a chosen whole run as `!key`. */
export function useViewState() {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [closeUps, setCloseUps] = useState<Record<string, boolean>>({});
  const [theme, setTheme] = useState<Theme>('dark');
  const [presenter, setPresenter] = useState(false);
  /** Presenter mode's one chart at a time (a toggle of its own, kept while presenter mode is
   * off), and which of the shown charts it shows (0-based; wraps, see `pageChart`). */
  const [oneChart, setOneChart] = useState(false);
  const [chartPage, setChartPage] = useState(0);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    // Presenter mode: styles/app.css enlarges text and lines; charts read it to size margins.
    document.documentElement.dataset.presenter = String(presenter);
  }, [presenter]);

  /** Shows a link's view (what it leaves out goes back to the default, except the theme). */
  const apply = useCallback((view: ViewState) => {
    setHidden(new Set(view.hidden ?? []));
    setCloseUps(
      Object.fromEntries((view.closeUps ?? []).map((k) => (k.startsWith('!') ? [k.slice(1), false] : [k, true]))),
    );
    if (view.theme) setTheme(view.theme);
    setPresenter(!!view.presenter);
  }, []);

  const toggleChart = useCallback(
    (key: string) =>
      setHidden((h) => {
        const n = new Set(h);
        if (n.has(key)) n.delete(key);
        else n.add(key);
        return n;
      }),
    [],
  );
  const setCloseUp = useCallback((key: string, on: boolean) => setCloseUps((z) => ({ ...z, [key]: on })), []);
  const toggleTheme = useCallback(() => setTheme((t) => (t === 'dark' ? 'light' : 'dark')), []);
  const togglePresenter = useCallback(() => setPresenter((p) => !p), []);
  const toggleOneChart = useCallback(() => setOneChart((o) => !o), []);
  /** Pages `by` charts on among `count` shown, round the end to the first and back. */
  const pageChart = useCallback(
    (by: number, count: number) => setChartPage((p) => (count > 0 ? (((p + by) % count) + count) % count : 0)),
    [],
  );

  return {
    hidden,
    closeUps,
    theme,
    presenter,
    /** One chart at a time: on only in presenter mode. */
    oneChart: presenter && oneChart,
    chartPage,
    apply,
    setHidden,
    toggleChart,
    setCloseUp,
    toggleTheme,
    togglePresenter,
    toggleOneChart,
    pageChart,
  };
}

export type ViewOnScreen = ReturnType<typeof useViewState>;
