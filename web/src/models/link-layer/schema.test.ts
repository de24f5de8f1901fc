// The link layer's fields in the UI schema: the settings shown only under a condition (TCP
// traffic, the Gilbert-Elliott channel, the interleaved Internet channel).
import { describe, expect, it } from 'vitest';
import { fieldApplies, GROUPS, setPath, type ScenarioObject } from '../../scenario/schema';

describe("the link layer's fields used only under a condition (the engine declares it: applies_when)", () => {
  const shown = (s: ScenarioObject) =>
    GROUPS.flatMap((g) => g.fields)
      .filter((f) => fieldApplies(f, s))
      .map((f) => f.path);

  it("shows the link layer's TCP settings with TCP traffic only, and Gilbert-Elliott's α and β only for that channel", () => {
    const link: ScenarioObject = {
      version: 2,
      model: 'link-layer',
      link: { traffic: 'saturated', phy: 'gilbert-elliott' },
    };
    expect(shown(link)).toEqual(expect.arrayContaining(['link.alpha', 'link.beta']));
    expect(shown(link)).not.toContain('link.tcp_cc');
    expect(shown(link)).not.toContain('link.es_n0_db');
    const internet = setPath(setPath(link, 'link.traffic', 'tcp'), 'link.phy', 'interleaved-internet');
    expect(shown(internet)).toEqual(
      expect.arrayContaining(['link.tcp_cc', 'link.buffer_pkts', 'link.es_n0_db', 'link.phy_model']),
    );
    expect(shown(internet)).not.toContain('link.alpha');
    // The scheme is the model's policy: a sweep runs every scheme, so their settings all stay.
    expect(shown(internet)).toEqual(expect.arrayContaining(['link.fec_nd', 'link.arq_max_retx', 'link.harq_rounds']));
  });
});
