import { describeLiveText } from '../../scenario/testLiveText';
import { constellation } from '.';

// One parameter change per preset, what the text must then say and what it must no longer say.
describeLiveText(constellation, () => [], {
  'iridium-ship-london': {
    edits: { 'constellation.from': 'New Delhi' },
    says: [
      'The route from New Delhi to London over 66 satellites in 6 planes at 780 km',
      'while the seam separates New Delhi from London',
    ],
    not: ['Atlantic ship', 'ship'],
  },
  'iridium-la-hawaii': {
    edits: { 'constellation.from': '-33.9,18.4' },
    says: [/The route from \S.*33\.9.* to Hawaii gateway/],
    not: ['Los Angeles'],
  },
  'walker-delta-53': {
    edits: { 'constellation.to': 'Tokyo', duration_s: 7200 },
    says: [
      'The route from Toulouse to Tokyo over 240 satellites in 12 planes at 550 km, inclined 53°',
      'for 2 h of simulated time',
      'no seam',
    ],
    not: ['New York', '6 h'],
  },
});
