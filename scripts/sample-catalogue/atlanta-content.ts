/**
 * The Atlanta house's sample catalogue (tenants/atlanta, made with `backlot new atlanta --from
 * platform`): a general prop house's mix over the platform's own categories and custom fields
 * (eras, styles), so its items sit in the platform's tree as they are.
 */
import type { Family } from './families';
import { list } from './aviation-content';

const HIRE = ['Pick up from the vendor or add delivery.', 'Checked and cleaned after every hire.'];

export const ATLANTA_FAMILIES: Family[] = [
  list(
    'props',
    'box',
    {
      day: 25,
      qty: [1, 6],
      lb: 6,
      dims: [16, 10, 12],
      colors: ['Black'],
      what: '{0A}, cleared for camera.',
      suits: ['Hand props that hold up in close-up.', 'Set dressing with a story.'],
      notes: HIRE,
    },
    [
      [
        'Leather Doctor Bag, 1940s',
        'hand-props/bags-and-cases',
        {
          pic: 'suitcase',
          alt: 'brown leather doctor bag',
          colors: ['Brown'],
          fields: { eras: ['1940s'], styles: ['traditional'] },
        },
      ],
      [
        'Aluminium Briefcase, Locking',
        'hand-props/bags-and-cases',
        {
          pic: 'suitcase',
          alt: 'silver aluminium briefcase',
          colors: ['Silver'],
          fields: { eras: ['1990s'], styles: ['industrial'] },
        },
      ],
      [
        'Vintage Flight Bag',
        'hand-props/bags-and-cases',
        {
          pic: 'suitcase',
          alt: 'blue vintage airline shoulder bag',
          colors: ['Blue', 'White'],
          fields: { eras: ['1960s'], styles: ['retro'] },
        },
      ],
      [
        'Rotary Desk Phone, Black Bakelite',
        'hand-props/phones-and-devices',
        { alt: 'black rotary desk phone', fields: { eras: ['1950s'], styles: ['retro'] } },
      ],
      [
        'Boarding Pass and Ticket Jacket Set (50)',
        'hand-props/paper-and-documents',
        {
          alt: 'boarding passes in paper ticket jackets',
          colors: ['White', 'Blue'],
          fields: { eras: ['1970s'], styles: ['retro'] },
        },
      ],
      [
        'Abstract Canvas, 48 × 60 in',
        'decor-and-art/wall-art',
        {
          pic: 'backdrop',
          alt: 'large abstract painting in blues',
          colors: ['Blue', 'Multicolor'],
          rate: 3,
          fields: { styles: ['contemporary'] },
        },
      ],
      [
        'Bronze Figure on Plinth',
        'decor-and-art/sculpture',
        {
          alt: 'bronze figure sculpture',
          colors: ['Gold', 'Brown'],
          rate: 4,
          fields: { styles: ['art-deco'], eras: ['1930s'] },
        },
      ],
      [
        'Fiddle-Leaf Fig, 7 ft (Artificial)',
        'decor-and-art/plants-and-greens',
        {
          alt: 'tall artificial fiddle-leaf fig',
          colors: ['Green'],
          qty: [4, 10],
          fields: { styles: ['contemporary', 'bohemian'] },
        },
      ],
      [
        'CRT Monitor Bank (4)',
        'electronics/computers-and-monitors',
        {
          pic: 'panel',
          alt: 'four beige CRT monitors',
          colors: ['Beige'],
          rate: 3,
          fields: { eras: ['1990s'], styles: ['retro'] },
        },
      ],
      [
        'Flat-Screen Television, 65 in',
        'electronics/televisions',
        {
          pic: 'panel',
          alt: 'large flat-screen television',
          rate: 3,
          fields: { eras: ['present-day'], styles: ['contemporary'] },
        },
      ],
      [
        'Reel-to-Reel Tape Deck',
        'electronics/vintage-electronics',
        {
          alt: 'reel-to-reel tape deck',
          colors: ['Silver', 'Black'],
          rate: 2,
          fields: { eras: ['1970s'], styles: ['retro'] },
        },
      ],
      [
        'Diner Place Setting Set (24)',
        'kitchen-and-dining',
        {
          alt: 'diner plates, cups and cutlery',
          colors: ['White', 'Red'],
          fields: { eras: ['1950s'], styles: ['retro'] },
        },
      ],
      [
        'Departures Board (Practical LED)',
        'signage',
        {
          pic: 'sign',
          alt: 'LED departures board listing flights',
          colors: ['Black', 'Yellow'],
          rate: 16,
          qty: 1,
          fields: { eras: ['present-day'] },
        },
      ],
      [
        'Neon Open Sign',
        'signage',
        { pic: 'sign', alt: 'red neon open sign', colors: ['Red', 'Pink'], rate: 2, fields: { styles: ['retro'] } },
      ],
      [
        'Hospital IV Pole with Pump',
        'medical',
        {
          pic: 'stand',
          alt: 'IV pole with pump and bag',
          colors: ['Silver', 'White'],
          qty: [4, 8],
          fields: { eras: ['present-day'] },
        },
      ],
    ],
  ),
  list(
    'sets',
    'cabin',
    {
      day: 2500,
      qty: 1,
      lb: 4000,
      dims: [240, 144, 108],
      tags: ['hero-prop', 'wild-walls'],
      colors: ['Grey'],
      what: '{0A}, delivered and installed by the vendor.',
      suits: ['A complete standing set for a day or a run of episodes.'],
      notes: ['Installation and strike are quoted separately.', 'Needs a 20 A circuit for the practicals.'],
    },
    [
      [
        'Wide-Body Cabin Set, 24 ft Economy Section',
        'aviation-sets/airliner-cabins',
        { alt: 'wide-body economy cabin set', colors: ['Beige', 'Blue'], rate: 1.4, fields: { eras: ['present-day'] } },
      ],
      [
        'Narrow-Body Cabin Set, Full Length',
        'aviation-sets/airliner-cabins',
        { alt: 'full-length narrow-body cabin set', colors: ['Grey', 'Blue'], rate: 2.4, fields: { eras: ['2000s'] } },
      ],
      [
        'Boeing 737 Cockpit Set, Practical Instruments',
        'aviation-sets/cockpits',
        {
          alt: '737 cockpit set with lit instruments',
          colors: ['Grey', 'Black'],
          rate: 2,
          fields: { eras: ['2000s'] },
        },
      ],
      [
        'Heavy Jet Cabin Set, Tan Leather and Walnut',
        'aviation-sets/private-jets',
        {
          alt: 'private jet cabin in tan leather and walnut',
          colors: ['Brown', 'Beige'],
          rate: 1.2,
          fields: { styles: ['glam'] },
        },
      ],
      [
        'Hospital Room Set, Two Beds',
        'medical-sets/hospital-rooms',
        {
          alt: 'hospital room with two beds and monitors',
          colors: ['White', 'Turquoise'],
          fields: { eras: ['present-day'] },
        },
      ],
      [
        'Operating Room Set with Practical Lights',
        'medical-sets/operating-rooms',
        {
          alt: 'operating room with surgical lights',
          colors: ['Green', 'Silver'],
          rate: 1.5,
          fields: { eras: ['present-day'] },
        },
      ],
      [
        'Jail Cell Block, Three Cells',
        'police-and-jail-sets/jail-cells',
        { alt: 'row of three jail cells with bars', colors: ['Grey', 'Black'], fields: { styles: ['industrial'] } },
      ],
      [
        'Interrogation Room with Two-Way Mirror',
        'police-and-jail-sets/interrogation-rooms',
        {
          alt: 'interrogation room with table and mirror',
          colors: ['Grey'],
          rate: 0.7,
          fields: { styles: ['minimalist'] },
        },
      ],
      [
        'Open-Plan Office Set, 12 Desks',
        'office-sets',
        {
          alt: 'open-plan office with desks and monitors',
          colors: ['White', 'Grey'],
          fields: { styles: ['contemporary'] },
        },
      ],
      [
        'Courtroom Set, Wood Panelled',
        'courtroom-sets',
        {
          alt: 'wood-panelled courtroom with judge bench',
          colors: ['Brown'],
          rate: 1.6,
          fields: { styles: ['traditional'] },
        },
      ],
    ],
  ),
  list(
    'furniture',
    'armchair',
    {
      day: 65,
      qty: [1, 6],
      lb: 60,
      dims: [36, 32, 32],
      colors: ['Brown'],
      what: '{0A}, clean and camera-ready.',
      suits: ['Dresses living rooms, offices and lobbies.', 'Good for hero and background alike.'],
      notes: ['Two crew to move.', ...HIRE],
    },
    [
      [
        'Chesterfield Sofa, Oxblood Leather',
        'seating/sofas',
        {
          pic: 'seat-row',
          alt: 'oxblood leather chesterfield sofa',
          colors: ['Red', 'Brown'],
          rate: 2,
          fields: { styles: ['traditional'] },
        },
      ],
      [
        'Airport Gate Beam, Four Seats, Black Vinyl',
        'seating/stools-and-benches',
        {
          pic: 'seat-row',
          alt: 'four-seat black vinyl gate beam',
          colors: ['Black', 'Silver'],
          fields: { eras: ['present-day'], styles: ['contemporary'] },
        },
      ],
      [
        'Gulfstream-Style Club Seat, Tan Leather',
        'seating/chairs',
        { alt: 'tan leather private jet club seat', colors: ['Brown', 'Beige'], rate: 3, fields: { styles: ['glam'] } },
      ],
      [
        'Bentwood Café Chair',
        'seating/chairs',
        {
          alt: 'black bentwood café chair',
          colors: ['Black'],
          qty: [12, 30],
          rate: 0.3,
          fields: { eras: ['1920s'], styles: ['traditional'] },
        },
      ],
    ],
  ),
  list(
    'furniture',
    'table',
    {
      day: 55,
      qty: [1, 4],
      lb: 70,
      dims: [60, 30, 30],
      colors: ['Brown'],
      what: '{0A}, in good order.',
      suits: ['Anchors a room in a wide shot.'],
      notes: ['Two crew to move.', ...HIRE],
    },
    [
      [
        'Walnut Dining Table, Seats Eight',
        'tables/dining-tables',
        {
          alt: 'long walnut dining table',
          rate: 1.8,
          size: 1.4,
          fields: { styles: ['mid-century-modern'], eras: ['1960s'] },
        },
      ],
      [
        'Glass Coffee Table, Chrome Base',
        'tables/coffee-tables',
        { alt: 'glass coffee table on chrome base', colors: ['Silver'], fields: { styles: ['contemporary'] } },
      ],
      [
        'Marble Side Table',
        'tables/side-tables',
        {
          alt: 'round white marble side table',
          colors: ['White'],
          rate: 0.6,
          size: 0.5,
          fields: { styles: ['minimalist'] },
        },
      ],
      [
        'Partners Desk, Mahogany',
        'desks',
        {
          pic: 'table',
          alt: 'mahogany partners desk',
          rate: 2.2,
          size: 1.2,
          fields: { styles: ['traditional'], eras: ['victorian'] },
        },
      ],
      [
        'Hospital Bed, Electric',
        'beds',
        {
          pic: 'table',
          alt: 'electric hospital bed with rails',
          colors: ['White', 'Grey'],
          rate: 1.6,
          size: 1.3,
          fields: { eras: ['present-day'] },
        },
      ],
      [
        'Steel Shelving Unit, 6 ft',
        'storage/shelving',
        {
          alt: 'grey steel shelving unit',
          colors: ['Grey'],
          qty: [6, 12],
          rate: 0.4,
          fields: { styles: ['industrial'] },
        },
      ],
      [
        'Flat-File Cabinet, Oak',
        'storage/cabinets',
        { alt: 'oak flat-file cabinet', rate: 1.2, fields: { styles: ['traditional'] } },
      ],
    ],
  ),
  list(
    'furniture/lighting-fixtures',
    'lamp',
    {
      day: 35,
      qty: [1, 6],
      lb: 15,
      dims: [18, 18, 60],
      tags: ['practical-lighting'],
      colors: ['Gold'],
      what: '{0A}, rewired and tested.',
      suits: ['Practical light that motivates the look.'],
      notes: ['Takes standard bulbs; dimmable.', ...HIRE],
    },
    [
      [
        'Arc Floor Lamp, Brass',
        'floor-lamps',
        { alt: 'brass arc floor lamp', fields: { styles: ['mid-century-modern'], eras: ['1960s'] } },
      ],
      [
        "Green Banker's Lamp",
        'table-lamps',
        { alt: "green glass banker's lamp", colors: ['Green', 'Gold'], size: 0.4, fields: { styles: ['traditional'] } },
      ],
      [
        'Crystal Chandelier, Six Arms',
        'chandeliers',
        {
          alt: 'crystal chandelier with six arms',
          colors: ['Silver', 'White'],
          rate: 4,
          fields: { styles: ['glam'], eras: ['1920s'] },
        },
      ],
    ],
  ),
  list(
    'vehicles',
    'car',
    {
      day: 650,
      qty: 1,
      lb: 3500,
      dims: [72, 190, 56],
      tags: ['picture-car'],
      colors: ['Black'],
      what: '{0A}, road-legal and driven to set by its handler.',
      suits: ['Period streets, chases and hero arrivals.'],
      notes: ['Handler required and billed as labour.', 'Insurance certificate needed before release.'],
    },
    [
      [
        '1957 Bel Air-Style Convertible, Turquoise',
        'picture-cars/classic-cars',
        {
          alt: 'turquoise 1950s convertible',
          colors: ['Turquoise', 'White'],
          rate: 1.5,
          fields: { eras: ['1950s'], styles: ['retro'] },
        },
      ],
      [
        'Black Executive Sedan',
        'picture-cars/modern-cars',
        { alt: 'black executive sedan', fields: { eras: ['present-day'] } },
      ],
      [
        'Airline Crew Van, White',
        'picture-cars/trucks-and-vans',
        { alt: 'white crew van with tinted windows', colors: ['White'], fields: { eras: ['present-day'] } },
      ],
      [
        'Café Racer Motorcycle',
        'motorcycles',
        {
          alt: 'black café racer motorcycle',
          rate: 0.6,
          weight: 0.12,
          size: 0.45,
          fields: { eras: ['1970s'], styles: ['retro'] },
        },
      ],
      [
        'Business Jet Mock-Up, Towable',
        'aircraft',
        {
          pic: 'plane',
          alt: 'white business jet mock-up on a tug',
          colors: ['White', 'Silver'],
          rate: 6,
          weight: 3,
          size: 2.5,
          fields: { eras: ['present-day'], styles: ['glam'] },
        },
      ],
      [
        'Police Cruiser, Black and White',
        'emergency-vehicles/police-cars',
        { alt: 'black and white police cruiser', colors: ['Black And White'], rate: 1.2 },
      ],
      [
        'Ambulance, Type III',
        'emergency-vehicles/ambulances',
        { alt: 'white and red ambulance', colors: ['White', 'Red'], rate: 1.4, weight: 2.5 },
      ],
      [
        'Vintage Fire Engine',
        'emergency-vehicles/fire-trucks',
        { alt: 'red vintage fire engine', colors: ['Red'], rate: 2, weight: 5, size: 1.6, fields: { eras: ['1940s'] } },
      ],
    ],
  ),
  list(
    'wardrobe',
    'uniform',
    {
      day: 35,
      qty: [2, 10],
      lb: 3,
      dims: [20, 4, 40],
      colors: ['Blue'],
      what: '{0A}, dry-cleaned and ready.',
      suits: ['Principal or background wardrobe.'],
      notes: ['Sizes on request; fittings by appointment.', 'Dry-cleaned after every hire.'],
    },
    [
      [
        '1920s Beaded Flapper Dress',
        'period-costumes',
        {
          alt: 'black beaded flapper dress',
          colors: ['Black', 'Gold'],
          fields: { eras: ['1920s'], styles: ['art-deco'] },
        },
      ],
      [
        '1960s Jet Age Flight Attendant Uniform, Red',
        'uniforms/aviation-uniforms',
        { alt: 'red 1960s flight attendant uniform', colors: ['Red'], fields: { eras: ['1960s'], styles: ['retro'] } },
      ],
      [
        'Captain Uniform, Navy with Four Stripes',
        'uniforms/aviation-uniforms',
        {
          alt: 'navy captain uniform with four gold stripes',
          colors: ['Blue', 'Gold'],
          fields: { eras: ['present-day'] },
        },
      ],
      [
        'Surgical Scrubs Set, Teal',
        'uniforms/medical-uniforms',
        { alt: 'teal surgical scrubs', colors: ['Turquoise'], qty: [10, 30], rate: 0.5 },
      ],
      [
        'Police Patrol Uniform',
        'uniforms/police-uniforms',
        { alt: 'navy police patrol uniform', fields: { eras: ['present-day'] } },
      ],
      [
        'Felt Fedora, Charcoal',
        'accessories/hats',
        { pic: 'box', alt: 'charcoal felt fedora', colors: ['Grey'], rate: 0.4, fields: { eras: ['1940s'] } },
      ],
      [
        'Aviator Sunglasses, Gold Frame',
        'accessories/eyewear',
        { pic: 'box', alt: 'gold aviator sunglasses', colors: ['Gold'], rate: 0.4, fields: { eras: ['1970s'] } },
      ],
      [
        'Patent Leather Oxfords',
        'footwear',
        {
          pic: 'box',
          alt: 'black patent leather oxford shoes',
          colors: ['Black'],
          rate: 0.5,
          fields: { styles: ['traditional'] },
        },
      ],
    ],
  ),
  list(
    'studio-gear',
    'stand',
    {
      conditions: ['Serviced and tested on a fixed schedule.'],
      day: 60,
      qty: [2, 10],
      lb: 25,
      dims: [24, 24, 60],
      colors: ['Black', 'Silver'],
      what: '{0A}, tested before every hire.',
      suits: ['The working kit behind every set.'],
      notes: HIRE,
    },
    [
      ['Combo Stand', 'grip', { alt: 'steel combo stand', rate: 0.3 }],
      ['LED Panel, 2×1 RGBWW', 'lighting', { pic: 'lamp', alt: 'two-by-one RGB LED panel', tags: ['led'], rate: 2 }],
      [
        'Dolly with Track, 40 ft',
        'camera-support',
        { alt: 'camera dolly on straight track', rate: 5, weight: 10, qty: 2 },
      ],
      [
        'Translight Window Backing, Sunset Over Clouds',
        'backings/translights',
        { pic: 'backdrop', alt: 'translight of a sunset over clouds', colors: ['Orange', 'Pink'], rate: 10, qty: 1 },
      ],
      [
        'Painted Backdrop, Stormy Sky',
        'backings/painted-backdrops',
        { pic: 'backdrop', alt: 'painted backdrop of a stormy sky', colors: ['Grey', 'Blue'], rate: 6, qty: 1 },
      ],
      ['Hazer, DMX (Water-Based)', 'effects/haze-and-fog', { pic: 'box', alt: 'water-based DMX hazer', rate: 1.5 }],
    ],
  ),
  list(
    'locations',
    'hangar',
    {
      conditions: [],
      day: 4000,
      qty: 1,
      lb: 0,
      dims: [0, 0, 0],
      tags: ['location'],
      colors: ['Grey'],
      what: '{0}, rented by the day.',
      suits: ['Prep, shoot and wrap on one site.'],
      notes: ['Rates are for a 12-hour day.', 'Parking and restrooms included.'],
    },
    [
      ['Sound Stage, 12,000 sq ft', 'stages', { alt: 'empty sound stage with a lighting grid', colors: ['Black'] }],
      [
        'Brick Warehouse with Loading Dock',
        'warehouses',
        { alt: 'brick warehouse interior with skylights', colors: ['Brown', 'Grey'], rate: 0.6 },
      ],
      [
        'Glass-Walled Office Floor',
        'offices',
        { alt: 'office floor with glass walls', colors: ['White', 'Grey'], rate: 0.7 },
      ],
      [
        'Period Street Backlot',
        'exteriors/streets',
        { alt: 'backlot street of 1940s shopfronts', colors: ['Brown', 'Beige'], rate: 1.5 },
      ],
      [
        'Private Airfield with Hangar',
        'exteriors/airfields',
        { pic: 'plane', alt: 'small airfield with a hangar and windsock', colors: ['Grey', 'Green'], rate: 1.8 },
      ],
    ],
  ),
];
