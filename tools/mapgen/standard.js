// Seeds for the standard map: every province is grown from real places that lie in it.
//
// Facts only: each land seed is a real town, its coordinates (latitude, longitude, rounded to
// about 0.05 degrees) as given by public gazetteers (GeoNames, the towns' Wikipedia articles);
// sea seeds are points in the named body of water (same sources). The first seed of a
// province with a supply centre is the city whose centre it is; the centre mark is drawn there.
//
// zones: provinces whose outline should follow a modern country border (Natural Earth admin-0
// ids, ISO 3166 numeric) are grown inside that country only. `islands: true` gives the zone's
// islands that hold no seed to the nearest province of the zone.
// impassable: land that no province owns (drawn grey): whole countries, and islands that hold
// one of the listed points.

export default {
  variant: "standard",
  width: 1200,
  // Conformal conic fitted to these points (lon, lat): the Atlantic west of Biscay to the
  // Urals' foot, North Africa to the Barents Sea.
  projection: {
    parallels: [38, 62],
    rotate: [-14, 0],
    fit: [
      [-17, 44],
      [-12, 62],
      [42, 70.3],
      [42, 33.5],
      [-11, 32.5],
      [10, 31.5],
    ],
  },
  zones: [
    { countries: ["620"], islands: true }, // Portugal
    { countries: ["724", "020"], islands: false }, // Spain, Andorra
    { countries: ["250", "492"], islands: true }, // France, Monaco
    { countries: ["056", "442"], islands: true }, // Belgium, Luxembourg
    { countries: ["528"], islands: true }, // Netherlands
    { countries: ["208"], islands: true }, // Denmark
    { countries: ["578"], islands: true }, // Norway
    { countries: ["752"], islands: true }, // Sweden
    { countries: ["246", "248"], islands: true }, // Finland, Åland
    { countries: ["008"], islands: true }, // Albania
    { countries: ["826"], islands: true }, // United Kingdom
    { countries: ["788"], islands: true }, // Tunisia
    { countries: ["012", "504", "732"], islands: true }, // Algeria, Morocco, Western Sahara
  ],
  impassable: {
    // Switzerland, Liechtenstein; the Levant's south and the Sahara's north stay off the board.
    countries: ["756", "438", "434", "818", "682", "364", "400", "376", "275"],
    islands: [
      ["Dublin", 53.35, -6.26],
      ["Reykjavik", 64.15, -21.94],
      ["Ajaccio", 41.93, 8.74],
      ["Cagliari", 39.22, 9.12],
      ["Palma de Mallorca", 39.57, 2.65],
      ["Heraklion", 35.34, 25.13],
      ["Nicosia", 35.17, 33.36],
      ["Valletta", 35.9, 14.51],
      ["Douglas, Isle of Man", 54.15, -4.48],
    ],
  },
  // Water drawn as part of a land province: the straits it holds.
  water: {
    con: [["Sea of Marmara", 40.7, 28.2]],
    den: [["Oresund", 55.75, 12.75], ["Great Belt", 55.3, 11.0], ["Little Belt", 55.3, 9.8]],
  },
  // Interior land borders where no country border of a zone gives one: each a line of
  // (latitude, longitude) points from one end to the other, drawn after the classic 1901 board
  // and the rivers, ranges and historical frontiers it follows (named beside each). A border
  // starts and ends at a node (where three provinces meet, named after them) or just past a
  // coast or a zone's frontier. The generator puts each side's province on its side of the line.
  nodes: {
    "lvn-mos-stp": [57.4, 30.0],
    "lvn-mos-war": [54.1, 25.8],
    "lvn-pru-war": [54.3, 22.8], // the Suwalki corner of East Prussia
    "mos-ukr-war": [51.8, 25.2], // the Pripet marshes
    "gal-ukr-war": [50.45, 24.1], // Galicia's north-east corner, by Brody
    "gal-rum-ukr": [48.2, 26.7], // the Zbruch meets the Prut
    "rum-sev-ukr": [47.3, 29.8], // the Dniester
    "mos-sev-ukr": [50.8, 41.5], // the Don
    "arm-smy-syr": [37.9, 36.6], // the Taurus
    "ank-arm-smy": [39.6, 36.0], // the Kizilirmak
    "ank-con-smy": [40.0, 30.2],
    "bul-rum-ser": [44.05, 22.65], // the Timok's mouth on the Danube
    "bud-rum-ser": [44.75, 21.4], // the Danube above the Iron Gate
    "bud-gal-rum": [47.8, 25.0], // the Carpathians by Bukovina
    "bud-gal-vie": [49.4, 19.5], // the Tatra
    "bud-tri-vie": [46.5, 16.3], // the Mur meets the Drava
    "bud-ser-tri": [44.85, 19.3], // the Drina meets the Sava
    "alb-ser-tri": [42.9, 19.1],
    "bul-gre-ser": [41.4, 22.95], // the Struma gorge
    "tri-tyr-vie": [47.0, 13.7], // the Hohe Tauern
    "tri-tyr-ven": [46.55, 13.0], // the Carnic Alps
    "pie-tyr-ven": [46.45, 10.4], // the Stelvio
    "pie-tus-ven": [44.55, 9.8], // the Apennines above La Spezia
    "rom-tus-ven": [43.65, 12.1],
    "apu-rom-ven": [42.9, 13.6], // the Tronto
    "apu-nap-rom": [41.5, 14.1],
    "boh-tyr-vie": [48.6, 14.8],
    "boh-mun-tyr": [48.75, 13.8], // the Bohemian Forest's three-country point
    "boh-gal-vie": [49.55, 18.9], // the Jablunkov pass
    "boh-gal-sil": [50.05, 18.6],
    "boh-mun-sil": [50.85, 14.5],
    "gal-sil-war": [50.35, 19.4], // the Three Emperors' Corner
    "pru-sil-war": [52.75, 18.1],
    "ber-pru-sil": [53.25, 15.9],
    "ber-mun-sil": [51.35, 14.3],
    "ber-kie-mun": [51.85, 10.8], // the Harz
    "kie-mun-ruh": [50.75, 9.4],
    "cly-edi-lvp": [55.7, -3.75],
    "edi-lvp-yor": [55.3, -2.5], // the Cheviots
    "lvp-wal-yor": [53.0, -1.95],
    "lon-wal-yor": [52.35, -1.2],
    "bre-par-pic": [49.05, 0.8],
    "bur-par-pic": [49.35, 3.6],
    "bur-gas-par": [46.5, 2.4],
    "bre-gas-par": [46.95, -0.1],
    "bur-gas-mar": [44.4, 3.0], // the Cevennes
  },
  borders: {
    // Britain
    "cly|edi": [[58.6, -3.9], [58.0, -4.4], [57.4, -4.6], [56.8, -4.4], [56.3, -4.2], [56.05, -3.95], "cly-edi-lvp"], // the Highlands' watershed
    "cly|lvp": ["cly-edi-lvp", [55.3, -4.2], [55.15, -4.95]], // the Southern Uplands
    "edi|lvp": ["cly-edi-lvp", [55.45, -3.2], "edi-lvp-yor"],
    "edi|yor": ["edi-lvp-yor", [55.6, -2.2], [55.8, -1.95]], // the Tweed
    "lvp|yor": ["edi-lvp-yor", [54.8, -2.4], [54.3, -2.3], [53.8, -2.1], [53.4, -1.9], "lvp-wal-yor"], // the Pennines
    "lvp|wal": ["lvp-wal-yor", [53.0, -2.7], [53.2, -3.0], [53.4, -3.2]], // the Dee
    "wal|yor": ["lvp-wal-yor", [52.7, -1.5], "lon-wal-yor"],
    "lon|yor": ["lon-wal-yor", [52.6, -0.5], [52.85, 0.2], [52.95, 0.3]], // the Nene to the Wash
    "lon|wal": ["lon-wal-yor", [51.9, -1.6], [51.4, -1.8], [50.9, -1.9], [50.6, -1.95]],
    // France
    "bre|pic": ["bre-par-pic", [49.3, 0.4], [49.5, 0.25]], // the lower Seine
    "par|pic": ["bre-par-pic", [49.15, 1.6], [49.2, 2.5], [49.25, 3.2], "bur-par-pic"],
    "bur|pic": ["bur-par-pic", [49.7, 3.9], [50.1, 4.15]],
    "bur|par": ["bur-par-pic", [48.9, 3.7], [48.6, 3.9], [48.2, 4.4], [47.7, 3.9], [47.2, 3.1], "bur-gas-par"], // the Loire above Nevers
    "gas|par": ["bur-gas-par", [46.8, 1.3], "bre-gas-par"],
    "bre|par": ["bre-gas-par", [47.5, 0.2], [48.2, 0.7], [48.6, 0.8], "bre-par-pic"],
    "bre|gas": ["bre-gas-par", [46.95, -0.9], [46.9, -2.3]],
    "bur|gas": ["bur-gas-par", [46.0, 2.5], [45.4, 2.4], [44.9, 2.3], "bur-gas-mar"], // the Massif Central
    "gas|mar": ["bur-gas-mar", [43.9, 2.6], [43.3, 2.3], [42.9, 2.0], [42.5, 1.9]],
    "bur|mar": ["bur-gas-mar", [44.8, 4.0], [45.1, 4.8], [45.4, 5.4], [45.9, 5.75], [46.25, 5.95], [46.5, 6.3]], // the Isere, to Lake Geneva
    // Germany
    "ber|kie": ["ber-kie-mun", [52.4, 10.9], [53.0, 11.2], [53.5, 10.9], [54.1, 10.95]], // the Elbe
    "kie|mun": ["ber-kie-mun", [51.4, 10.3], [51.0, 9.9], "kie-mun-ruh"],
    "kie|ruh": ["kie-mun-ruh", [51.2, 9.0], [51.6, 8.6], [52.05, 7.9], [52.25, 7.0]],
    "mun|ruh": ["kie-mun-ruh", [50.2, 9.4], [49.8, 9.2], [49.5, 8.45], [49.2, 8.37], [49.03, 8.2], [48.93, 7.95]], // the Main, the Rhine, the Lauter
    "ber|mun": ["ber-kie-mun", [51.9, 11.5], [51.85, 12.4], [51.6, 13.3], "ber-mun-sil"],
    "mun|sil": ["ber-mun-sil", "boh-mun-sil"],
    "ber|sil": ["ber-mun-sil", [51.5, 14.7], [51.9, 15.0], [52.4, 15.2], [52.9, 15.6], "ber-pru-sil"], // the Oder
    "ber|pru": ["ber-pru-sil", [53.6, 15.5], [54.0, 15.4], [54.25, 15.5]],
    "pru|sil": ["ber-pru-sil", [53.1, 16.6], [52.9, 17.3], "pru-sil-war"], // the Notec
    "pru|war": ["pru-sil-war", [52.9, 19.0], [53.2, 20.0], [53.35, 21.5], [53.6, 22.5], "lvn-pru-war"], // East Prussia's frontier
    "lvn|pru": ["lvn-pru-war", [54.6, 22.8], [55.05, 22.0], [55.3, 21.2], [55.3, 20.8]], // the Neman
    "sil|war": ["pru-sil-war", [52.4, 17.8], [51.8, 17.9], [51.4, 18.3], [50.9, 19.0], "gal-sil-war"], // the Prosna
    // Austria-Hungary
    "gal|sil": ["gal-sil-war", "boh-gal-sil"],
    "boh|gal": ["boh-gal-sil", "boh-gal-vie"],
    "boh|sil": ["boh-gal-sil", [50.3, 17.6], [50.4, 16.8], [50.6, 16.2], [50.8, 15.3], "boh-mun-sil"], // the Sudetes
    "boh|mun": ["boh-mun-sil", [50.6, 13.5], [50.3, 12.5], [49.9, 12.4], [49.5, 12.6], [49.0, 13.2], "boh-mun-tyr"], // the Ore Mountains, the Bohemian Forest
    "mun|tyr": ["boh-mun-tyr", [48.57, 13.45], [48.2, 12.85], [47.8, 12.9], [47.6, 12.5], [47.55, 11.0], [47.4, 10.2], [47.58, 9.95], [47.52, 9.62], [47.45, 9.55]], // the Inn, the Northern Limestone Alps
    "boh|tyr": ["boh-mun-tyr", "boh-tyr-vie"],
    "tyr|vie": ["boh-tyr-vie", [48.0, 14.6], [47.5, 14.2], "tri-tyr-vie"], // the Enns
    "boh|vie": ["boh-tyr-vie", [48.75, 15.5], [48.7, 16.5], [48.8, 17.2], [49.2, 17.9], [49.45, 18.5], "boh-gal-vie"], // the Thaya, the Morava
    "gal|vie": ["boh-gal-vie", "bud-gal-vie"],
    "bud|gal": ["bud-gal-vie", [49.3, 21.0], [48.9, 22.5], [48.3, 23.5], "bud-gal-rum"], // the Carpathians
    "bud|vie": ["bud-gal-vie", [48.7, 19.0], [48.0, 17.9], [47.6, 17.2], [47.2, 16.5], "bud-tri-vie"], // the Leitha
    "tri|vie": ["bud-tri-vie", [46.7, 15.6], [46.7, 14.6], "tri-tyr-vie"], // the Karawanks
    "tri|tyr": ["tri-tyr-vie", [46.7, 13.2], "tri-tyr-ven"],
    "tri|ven": ["tri-tyr-ven", [46.2, 13.6], [45.75, 13.55]], // the Isonzo
    "tyr|ven": ["tri-tyr-ven", [46.5, 12.2], [46.0, 11.6], [45.85, 10.9], [46.2, 10.6], "pie-tyr-ven"], // the 1866 frontier
    "pie|tyr": ["pie-tyr-ven", [46.6, 10.4], [46.75, 10.25], [46.85, 10.1]], // the Stelvio and Umbrail
    "bud|tri": ["bud-tri-vie", [46.2, 17.0], [45.8, 18.5], [45.3, 19.1], "bud-ser-tri"], // the Drava
    "bud|rum": ["bud-rum-ser", [45.2, 22.3], [45.35, 23.5], [45.45, 24.8], [45.5, 25.6], [45.6, 26.3], [46.2, 26.3], [46.9, 25.8], [47.5, 25.3], "bud-gal-rum"], // the Transylvanian Alps, the Eastern Carpathians
    "gal|rum": ["bud-gal-rum", [48.0, 26.0], "gal-rum-ukr"],
    // The Balkans
    "bud|ser": ["bud-ser-tri", [44.9, 20.0], [44.88, 20.5], [44.8, 21.0], "bud-rum-ser"], // the Sava, the Danube
    "ser|tri": ["bud-ser-tri", [44.0, 19.4], [43.4, 19.2], "alb-ser-tri"], // the Drina
    "alb|tri": ["alb-ser-tri", [42.5, 19.0], [42.2, 18.95]],
    "alb|ser": ["alb-ser-tri", [42.7, 19.8], [42.55, 20.1]],
    "ser|rum": ["bud-rum-ser", [44.6, 22.3], "bul-rum-ser"], // the Iron Gate
    "bul|rum": ["bul-rum-ser", [43.8, 24.0], [43.7, 25.5], [43.92, 26.0], [44.1, 27.2], [43.75, 28.65]], // the Danube, Dobruja's frontier
    "bul|ser": ["bul-rum-ser", [43.3, 22.7], [42.7, 22.5], [42.0, 22.6], "bul-gre-ser"],
    "gre|ser": [[40.85, 20.98], [40.95, 21.8], [41.15, 22.6], "bul-gre-ser"],
    "bul|gre": ["bul-gre-ser", [41.2, 23.5], [40.75, 23.85]], // the Struma
    // Italy
    "pie|ven": ["pie-tyr-ven", [46.0, 10.3], [45.6, 9.95], [45.0, 9.7], "pie-tus-ven"], // the Adda
    "pie|tus": ["pie-tus-ven", [44.15, 9.55]],
    "tus|ven": ["pie-tus-ven", [44.3, 10.5], [44.1, 11.3], [43.9, 12.0], "rom-tus-ven"], // the Apennines
    "rom|ven": ["rom-tus-ven", [43.3, 13.0], "apu-rom-ven"],
    "apu|ven": ["apu-rom-ven", [42.9, 13.95]],
    "rom|tus": ["rom-tus-ven", [43.3, 11.9], [42.8, 11.8], [42.4, 11.5], [42.3, 11.4]],
    "apu|rom": ["apu-rom-ven", [42.4, 13.9], [41.9, 14.0], "apu-nap-rom"],
    "nap|rom": ["apu-nap-rom", [41.3, 13.7], [41.2, 13.6]], // the Garigliano
    "apu|nap": ["apu-nap-rom", [41.2, 14.9], [40.9, 15.4], [40.6, 16.1], [40.4, 16.6], [40.3, 16.85]],
    // Russia
    "lvn|stp": ["lvn-mos-stp", [57.9, 28.7], [58.5, 27.9], [59.0, 27.8], [59.4, 28.1], [59.7, 28.0]], // Lake Peipus, the Narva
    "mos|stp": ["lvn-mos-stp", [58.0, 33.0], [58.3, 36.0], [58.4, 40.0], [58.8, 44.0], [59.0, 50.0], [59.5, 60.0], [59.8, 75.0]],
    "lvn|mos": ["lvn-mos-stp", [56.5, 29.0], [55.7, 27.8], [55.0, 26.8], "lvn-mos-war"], // the Dvina
    "lvn|war": ["lvn-pru-war", [54.0, 23.5], [54.35, 24.6], "lvn-mos-war"], // the Neman
    "mos|war": ["lvn-mos-war", [53.2, 25.5], [52.5, 25.2], "mos-ukr-war"],
    "ukr|war": ["mos-ukr-war", [51.2, 24.4], "gal-ukr-war"], // the Bug
    "gal|war": ["gal-sil-war", [50.3, 20.5], [50.5, 21.6], [50.7, 22.5], [50.6, 23.4], "gal-ukr-war"], // the Vistula, the San
    "gal|ukr": ["gal-ukr-war", [50.1, 25.15], [49.5, 26.1], [48.6, 26.3], "gal-rum-ukr"], // the Zbruch
    "rum|ukr": ["gal-rum-ukr", [48.2, 27.8], [47.6, 29.2], "rum-sev-ukr"], // the Dniester
    "rum|sev": ["rum-sev-ukr", [46.8, 30.0], [46.2, 30.3]], // the Dniester
    "mos|ukr": ["mos-ukr-war", [52.0, 27.5], [52.3, 30.5], [52.4, 33.0], [52.4, 36.2], [52.3, 39.0], "mos-sev-ukr"], // the Pripet, the Desna
    "sev|ukr": ["rum-sev-ukr", [47.8, 31.5], [48.0, 33.5], [47.8, 35.3], [48.0, 37.0], [48.3, 38.5], [49.2, 39.5], "mos-sev-ukr"], // the Dnieper's steppe, the Donets
    "mos|sev": ["mos-sev-ukr", [51.8, 43.5], [52.3, 46.0], [53.0, 50.0], [53.5, 60.0]], // the Khoper, the Volga
    "arm|sev": [[41.85, 41.6], [41.55, 42.6], [41.2, 43.8], [41.0, 45.3], [41.0, 47.0], [40.6, 50.0], [40.0, 60.0]], // the Caucasus
    // The Ottoman Empire
    "bul|con": [[42.0, 27.9], [41.5, 27.2], [41.0, 26.9], [40.7, 26.75], [40.6, 26.55]], // to the Gulf of Saros: Gallipoli is Constantinople's
    "ank|con": ["ank-con-smy", [40.5, 30.6], [41.2, 30.9]], // the Sakarya
    "con|smy": ["ank-con-smy", [39.4, 29.0], [39.2, 28.8], [39.15, 27.4], [39.1, 26.5]],
    "ank|smy": ["ank-con-smy", [39.5, 31.0], [39.3, 32.8], [39.5, 34.0], "ank-arm-smy"],
    "ank|arm": ["ank-arm-smy", [40.3, 36.9], [41.1, 37.7]],
    "arm|smy": ["ank-arm-smy", [38.8, 36.4], "arm-smy-syr"],
    "smy|syr": ["arm-smy-syr", [37.2, 36.3], [36.8, 35.9]],
    "arm|syr": ["arm-smy-syr", [37.75, 38.3], [38.2, 39.8], [38.1, 41.5], [37.6, 43.0], [37.5, 45.0], [37.0, 60.0]], // the Taurus, the Zagros' foot
  },
  provinces: {
    // --- seas ---
    adr: [["Adriatic Sea, central", 43.0, 15.5], ["Adriatic Sea, north", 44.8, 13.0], ["South Adriatic", 41.7, 17.6]],
    aeg: [["Aegean Sea, central", 38.5, 25.0], ["Thracian Sea", 40.3, 24.8], ["Sea of Crete", 36.0, 25.0], ["Off the Dardanelles", 40.0, 25.9], ["North Aegean", 39.5, 24.5]],
    bal: [["Baltic Sea off Bornholm", 55.3, 15.5], ["Baltic Sea, central", 56.5, 19.0], ["Gulf of Gdansk", 54.7, 19.2], ["Bay of Kiel", 54.5, 10.8], ["Baltic Sea east of Gotland", 57.8, 20.2], ["Arkona Basin", 54.9, 13.4]],
    bar: [["Barents Sea", 72.5, 35.0], ["Barents Sea, south", 70.0, 40.0], ["Barents Sea, west", 72.0, 24.0], ["White Sea", 65.8, 37.0]],
    bla: [["Black Sea, central", 43.3, 34.0], ["Black Sea, west", 43.0, 30.5], ["Off the Bosporus", 41.5, 29.4], ["Karkinit Bay", 45.9, 32.6], ["Black Sea, east", 42.5, 39.0], ["Sea of Azov", 46.0, 36.5]],
    bot: [["Bothnian Sea", 61.8, 19.5], ["Bothnian Bay", 64.5, 23.0], ["Gulf of Finland", 59.8, 25.5], ["Gulf of Riga", 57.6, 23.3], ["Aland Sea", 60.0, 19.3]],
    eas: [["Levantine Sea", 34.0, 32.0], ["Gulf of Iskenderun", 36.5, 35.5], ["Off Alexandria", 32.5, 29.0], ["Libyan Sea south of Crete", 34.0, 25.5], ["Off Tobruk", 33.0, 23.5]],
    eng: [["English Channel, central", 50.2, -2.0], ["English Channel, west", 49.5, -4.8], ["Strait of Dover", 50.95, 1.45], ["Off Dunkirk", 51.2, 2.3], ["Bay of the Seine", 49.7, 0.0]],
    hel: [["Heligoland", 54.18, 7.88], ["German Bight", 54.0, 6.5]],
    ion: [["Ionian Sea, central", 37.5, 18.5], ["Gulf of Sidra", 32.5, 19.0], ["Ionian Sea, south", 34.5, 16.0], ["Gulf of Taranto", 39.8, 17.2], ["Off Corfu", 39.5, 19.4], ["Off Vlore", 40.3, 19.1], ["Off Malta", 35.5, 13.5], ["Gulf of Gabes", 34.0, 11.5]],
    iri: [["Irish Sea", 53.9, -5.0], ["Solway Firth", 54.8, -3.7], ["St George's Channel", 52.0, -5.7], ["Celtic Sea", 50.8, -7.5]],
    lyo: [["Gulf of Lion", 42.8, 4.5], ["Ligurian Sea", 43.8, 8.5], ["Off Cap de Creus", 42.0, 3.8]],
    mao: [["Bay of Biscay", 45.5, -5.0], ["Atlantic west of Galicia", 43.0, -12.0], ["Atlantic west of Portugal", 39.0, -13.0], ["Gulf of Cadiz", 36.4, -8.0], ["Atlantic off Morocco", 33.5, -11.0], ["Atlantic, mid", 41.0, -19.0], ["Atlantic west of Brittany", 47.5, -9.0], ["Atlantic off Agadir", 30.5, -12.0], ["Atlantic, far west", 36.0, -20.0]],
    nao: [["North Atlantic west of Ireland", 53.5, -14.0], ["North Atlantic, Rockall", 57.6, -13.7], ["North Atlantic, south of Iceland", 61.5, -20.0], ["North Atlantic, west", 55.0, -22.0], ["North Atlantic, Porcupine Bank", 51.5, -15.0], ["Sea of the Hebrides", 56.8, -7.6], ["North Channel", 55.3, -6.0], ["West of the Hebrides", 58.0, -8.5]],
    nth: [["North Sea, Dogger Bank", 54.8, 2.0], ["North Sea, central", 56.5, 3.0], ["North Sea, north", 59.0, 2.5], ["Southern Bight", 52.5, 2.8], ["Off Zeebrugge", 51.6, 3.0], ["North Sea off Jutland", 56.5, 6.5], ["Off Aberdeen", 57.2, -1.2], ["Off Whitby", 54.6, 0.2], ["Firth of Forth", 56.1, -2.6]],
    nwg: [["Norwegian Sea", 66.0, 3.0], ["Norwegian Sea, south", 63.0, -2.0], ["Off the Faroes", 62.0, -7.0], ["Norwegian Sea, north", 69.0, 8.0], ["North of Scotland", 59.2, -4.5], ["Norwegian Sea, west", 66.5, -12.0], ["Off Lofoten", 68.5, 12.0]],
    ska: [["Skagerrak", 57.9, 9.0], ["Kattegat", 57.0, 11.4], ["Skagerrak, east", 58.5, 10.6]],
    tys: [["Tyrrhenian Sea", 40.0, 12.0], ["Tyrrhenian Sea, north", 42.0, 11.0], ["Sardinia Channel", 38.0, 10.0], ["Strait of Sicily", 37.4, 11.8]],
    wes: [["Western Mediterranean", 38.5, 5.0], ["Alboran Sea", 36.0, -3.5], ["Balearic Sea", 40.0, 2.0], ["Off Algiers", 37.3, 3.0], ["Off Cartagena", 37.3, -0.5], ["Off Bizerte", 37.8, 8.5]],

    // --- England, Scotland, Wales ---
    cly: [["Glasgow", 55.86, -4.25], ["Oban", 56.41, -5.47], ["Ullapool", 57.9, -5.16], ["Fort William", 56.82, -5.11], ["Durness", 58.57, -4.74], ["Tongue", 58.48, -4.42], ["Ayr", 55.46, -4.63]],
    edi: [["Edinburgh", 55.95, -3.19], ["Aberdeen", 57.15, -2.09], ["Inverness", 57.48, -4.22], ["Wick", 58.44, -3.09], ["Perth", 56.4, -3.43], ["Dundee", 56.46, -2.97]],
    lvp: [["Liverpool", 53.41, -2.98], ["Manchester", 53.48, -2.24], ["Carlisle", 54.89, -2.93], ["Stranraer", 54.9, -5.03], ["Lancaster", 54.05, -2.8], ["Dumfries", 55.07, -3.6], ["Kendal", 54.33, -2.75]],
    yor: [["York", 53.96, -1.08], ["Leeds", 53.8, -1.55], ["Newcastle upon Tyne", 54.98, -1.61], ["Alnwick", 55.41, -1.71], ["Hull", 53.74, -0.33], ["Nottingham", 52.95, -1.15], ["Lincoln", 53.23, -0.54]],
    wal: [["Cardiff", 51.48, -3.18], ["Aberystwyth", 52.41, -4.08], ["Plymouth", 50.37, -4.14], ["Exeter", 50.72, -3.53], ["Birmingham", 52.49, -1.89], ["Bangor", 53.23, -4.13], ["Gloucester", 51.86, -2.24], ["Shrewsbury", 52.71, -2.75]],
    lon: [["London", 51.51, -0.13], ["Dover", 51.13, 1.31], ["Norwich", 52.63, 1.3], ["Cambridge", 52.2, 0.12], ["Southampton", 50.9, -1.4], ["Oxford", 51.75, -1.26]],

    // --- France, Low Countries, Iberia ---
    bre: [["Brest", 48.39, -4.49], ["Rennes", 48.11, -1.68], ["Nantes", 47.22, -1.55], ["Cherbourg", 49.64, -1.62], ["Caen", 49.18, -0.37], ["Le Mans", 48.0, 0.2]],
    pic: [["Amiens", 49.89, 2.3], ["Rouen", 49.44, 1.1], ["Calais", 50.95, 1.86], ["Lille", 50.63, 3.06], ["Le Havre", 49.49, 0.11], ["Beauvais", 49.43, 2.08]],
    par: [["Paris", 48.86, 2.35], ["Orleans", 47.9, 1.9], ["Tours", 47.39, 0.69], ["Chartres", 48.45, 1.49], ["Bourges", 47.08, 2.4], ["Troyes", 48.3, 4.08]],
    bur: [["Dijon", 47.32, 5.04], ["Lyon", 45.76, 4.84], ["Strasbourg", 48.57, 7.75], ["Nancy", 48.69, 6.18], ["Reims", 49.26, 4.03], ["Besancon", 47.24, 6.02], ["Metz", 49.12, 6.18], ["Clermont-Ferrand", 45.78, 3.08]],
    gas: [["Bordeaux", 44.84, -0.58], ["Toulouse", 43.6, 1.44], ["Bayonne", 43.49, -1.47], ["Limoges", 45.83, 1.26], ["Poitiers", 46.58, 0.34], ["La Rochelle", 46.16, -1.15]],
    mar: [["Marseille", 43.3, 5.37], ["Nice", 43.7, 7.27], ["Grenoble", 45.19, 5.72], ["Montpellier", 43.61, 3.88], ["Perpignan", 42.7, 2.9], ["Avignon", 43.95, 4.81]],
    bel: [["Brussels", 50.85, 4.35]],
    hol: [["Amsterdam", 52.37, 4.9]],
    spa: [["Madrid", 40.42, -3.7]],
    por: [["Lisbon", 38.72, -9.14]],

    // --- Germany ---
    kie: [["Kiel", 54.32, 10.13], ["Hamburg", 53.55, 9.99], ["Bremen", 53.08, 8.8], ["Emden", 53.37, 7.21], ["Papenburg", 53.08, 7.4], ["Oldenburg", 53.14, 8.21], ["Hanover", 52.37, 9.73], ["Kassel", 51.31, 9.48], ["Lubeck", 53.87, 10.69], ["Osnabruck", 52.28, 8.05]],
    ber: [["Berlin", 52.52, 13.4], ["Stettin (Szczecin)", 53.43, 14.55], ["Rostock", 54.09, 12.1], ["Magdeburg", 52.13, 11.63], ["Stralsund", 54.31, 13.09], ["Frankfurt (Oder)", 52.35, 14.55]],
    mun: [["Munich", 48.14, 11.58], ["Nuremberg", 49.45, 11.08], ["Stuttgart", 48.78, 9.18], ["Freiburg im Breisgau", 47.99, 7.85], ["Leipzig", 51.34, 12.37], ["Dresden", 51.05, 13.74], ["Erfurt", 50.98, 11.03], ["Regensburg", 49.01, 12.1], ["Wurzburg", 49.79, 9.95], ["Karlsruhe", 49.01, 8.4]],
    ruh: [["Essen", 51.46, 7.01], ["Cologne", 50.94, 6.96], ["Koblenz", 50.36, 7.59], ["Saarbrucken", 49.24, 7.0], ["Dortmund", 51.51, 7.47], ["Frankfurt am Main", 50.11, 8.68], ["Munster", 51.96, 7.63], ["Mainz", 50.0, 8.27]],
    pru: [["Konigsberg (Kaliningrad)", 54.71, 20.51], ["Danzig (Gdansk)", 54.35, 18.65], ["Koslin (Koszalin)", 54.19, 16.17], ["Allenstein (Olsztyn)", 53.78, 20.49], ["Bromberg (Bydgoszcz)", 53.12, 18.0], ["Stolp (Slupsk)", 54.46, 17.03]],
    sil: [["Breslau (Wroclaw)", 51.11, 17.03], ["Gorlitz", 51.15, 14.99], ["Oppeln (Opole)", 50.67, 17.93], ["Posen (Poznan)", 52.41, 16.93], ["Liegnitz (Legnica)", 51.21, 16.16]],

    // --- Austria-Hungary, Balkans ---
    boh: [["Prague", 50.08, 14.44], ["Brno", 49.2, 16.61], ["Plzen", 49.74, 13.38], ["Ceske Budejovice", 48.97, 14.47], ["Olomouc", 49.59, 17.25], ["Ostrava", 49.82, 18.26], ["Hradec Kralove", 50.21, 15.83]],
    vie: [["Vienna", 48.21, 16.37], ["Graz", 47.07, 15.44], ["Bratislava", 48.15, 17.11], ["Zilina", 49.22, 18.74]],
    tyr: [["Innsbruck", 47.27, 11.4], ["Bolzano", 46.5, 11.35], ["Trento", 46.07, 11.12], ["Salzburg", 47.81, 13.04], ["Linz", 48.31, 14.29], ["Bregenz", 47.5, 9.75], ["Lienz", 46.83, 12.77]],
    tri: [["Trieste", 45.65, 13.78], ["Klagenfurt", 46.62, 14.31], ["Villach", 46.61, 13.85], ["Ljubljana", 46.06, 14.51], ["Zagreb", 45.81, 15.98], ["Split", 43.51, 16.44], ["Sarajevo", 43.86, 18.41], ["Rijeka", 45.33, 14.44], ["Dubrovnik", 42.65, 18.09], ["Banja Luka", 44.77, 17.19], ["Zadar", 44.12, 15.23], ["Kotor", 42.42, 18.77]],
    bud: [["Budapest", 47.5, 19.04], ["Debrecen", 47.53, 21.63], ["Cluj-Napoca", 46.77, 23.6], ["Szeged", 46.25, 20.15], ["Kosice", 48.72, 21.26], ["Pecs", 46.07, 18.23], ["Novi Sad", 45.25, 19.84], ["Timisoara", 45.75, 21.23], ["Brasov", 45.65, 25.61]],
    gal: [["Lemberg (Lviv)", 49.84, 24.03], ["Krakow", 50.06, 19.94], ["Czernowitz (Chernivtsi)", 48.29, 25.94], ["Przemysl", 49.78, 22.77], ["Tarnow", 50.01, 20.99], ["Ternopil", 49.55, 25.59]],
    ser: [["Belgrade", 44.79, 20.45], ["Nis", 43.32, 21.9], ["Skopje", 42.0, 21.43], ["Kragujevac", 44.01, 20.91], ["Pristina", 42.66, 21.17], ["Bitola", 41.03, 21.33]],
    alb: [["Tirana", 41.33, 19.82], ["Podgorica", 42.44, 19.26], ["Vlore", 40.47, 19.49]],
    gre: [["Athens", 37.98, 23.73], ["Thessaloniki", 40.64, 22.94], ["Larissa", 39.64, 22.42], ["Patras", 38.25, 21.73], ["Ioannina", 39.66, 20.85], ["Chalcis", 38.46, 23.6], ["Kalamata", 37.04, 22.11]],
    bul: [["Sofia", 42.7, 23.32], ["Varna", 43.21, 27.91], ["Burgas", 42.5, 27.47], ["Plovdiv", 42.14, 24.75], ["Kavala", 40.94, 24.41], ["Alexandroupoli", 40.85, 25.87], ["Ruse", 43.85, 25.97], ["Edirne", 41.68, 26.56]],
    rum: [["Bucharest", 44.43, 26.1], ["Iasi", 47.16, 27.59], ["Constanta", 44.18, 28.63], ["Craiova", 44.32, 23.8], ["Chisinau", 47.01, 28.86], ["Galati", 45.44, 28.05], ["Bacau", 46.57, 26.91]],

    // --- Italy ---
    pie: [["Turin", 45.07, 7.69], ["Genoa", 44.41, 8.93], ["Milan", 45.46, 9.19], ["Sondrio", 46.17, 9.87], ["Cuneo", 44.38, 7.54], ["Aosta", 45.74, 7.32]],
    ven: [["Venice", 45.44, 12.32], ["Verona", 45.44, 10.99], ["Bologna", 44.49, 11.34], ["Padua", 45.41, 11.88], ["Udine", 46.06, 13.24], ["Ravenna", 44.42, 12.2], ["Brescia", 45.54, 10.21], ["Ancona", 43.62, 13.52]],
    tus: [["Florence", 43.77, 11.26], ["Pisa", 43.72, 10.4], ["Siena", 43.32, 11.33], ["La Spezia", 44.1, 9.82], ["Grosseto", 42.76, 11.11]],
    rom: [["Rome", 41.9, 12.5], ["Perugia", 43.11, 12.39], ["Viterbo", 42.42, 12.1], ["Latina", 41.47, 12.9], ["L'Aquila", 42.35, 13.4]],
    apu: [["Bari", 41.12, 16.87], ["Foggia", 41.46, 15.55], ["Pescara", 42.46, 14.21], ["Taranto", 40.46, 17.24], ["Lecce", 40.35, 18.17], ["Campobasso", 41.56, 14.66]],
    nap: [["Naples", 40.85, 14.27], ["Reggio Calabria", 38.11, 15.65], ["Cosenza", 39.3, 16.25], ["Palermo", 38.12, 13.36], ["Catania", 37.5, 15.09], ["Salerno", 40.68, 14.77], ["Potenza", 40.64, 15.8], ["Agrigento", 37.31, 13.58]],

    // --- Russia ---
    stp: [["St Petersburg", 59.94, 30.31], ["Arkhangelsk", 64.54, 40.54], ["Murmansk", 68.97, 33.08], ["Petrozavodsk", 61.79, 34.35], ["Novgorod", 58.52, 31.28], ["Kem", 64.95, 34.58], ["Vologda", 59.22, 39.89], ["Kotlas", 61.25, 46.65]],
    mos: [["Moscow", 55.76, 37.62], ["Smolensk", 54.78, 32.05], ["Minsk", 53.9, 27.56], ["Nizhny Novgorod", 56.33, 44.0], ["Kazan", 55.79, 49.12], ["Tula", 54.19, 37.62], ["Tver", 56.86, 35.9], ["Yaroslavl", 57.63, 39.87], ["Orel", 52.97, 36.07], ["Vitebsk", 55.19, 30.2]],
    lvn: [["Riga", 56.95, 24.11], ["Tallinn", 59.44, 24.75], ["Vilnius", 54.69, 25.28], ["Kaunas", 54.9, 23.9], ["Pskov", 57.82, 28.33], ["Tartu", 58.38, 26.72], ["Daugavpils", 55.87, 26.54], ["Klaipeda", 55.71, 21.13]],
    war: [["Warsaw", 52.23, 21.01], ["Lodz", 51.76, 19.46], ["Lublin", 51.25, 22.57], ["Bialystok", 53.13, 23.16], ["Brest-Litovsk", 52.09, 23.69], ["Grodno", 53.68, 23.83], ["Kielce", 50.87, 20.63]],
    ukr: [["Kiev", 50.45, 30.52], ["Kharkiv", 49.99, 36.23], ["Dnipro", 48.46, 35.05], ["Vinnytsia", 49.23, 28.47], ["Zhytomyr", 50.25, 28.66], ["Poltava", 49.59, 34.55], ["Rivne", 50.62, 26.25], ["Kursk", 51.73, 36.19], ["Voronezh", 51.66, 39.2]],
    sev: [["Sevastopol", 44.62, 33.53], ["Rostov-on-Don", 47.24, 39.71], ["Krasnodar", 45.04, 38.98], ["Odessa", 46.48, 30.73], ["Kherson", 46.64, 32.62], ["Mykolaiv", 46.97, 32.0], ["Simferopol", 44.95, 34.1], ["Melitopol", 46.85, 35.37], ["Mariupol", 47.1, 37.55], ["Volgograd", 48.7, 44.5], ["Stavropol", 45.04, 41.97], ["Astrakhan", 46.35, 48.04], ["Grozny", 43.32, 45.69], ["Saratov", 51.53, 46.03], ["Sochi", 43.6, 39.73], ["Tbilisi", 41.72, 44.79]],
    fin: [["Helsinki", 60.17, 24.94]],
    swe: [["Stockholm", 59.33, 18.07]],
    nwy: [["Oslo", 59.91, 10.75]],
    den: [["Copenhagen", 55.68, 12.57], ["Aarhus", 56.16, 10.2], ["Odense", 55.4, 10.39]],

    // --- Ottoman Empire, Africa ---
    con: [["Constantinople (Istanbul)", 41.01, 28.98], ["Bursa", 40.19, 29.06], ["Canakkale", 40.15, 26.41], ["Tekirdag", 40.98, 27.51], ["Izmit", 40.77, 29.92], ["Balikesir", 39.65, 27.88]],
    ank: [["Ankara", 39.93, 32.86], ["Samsun", 41.29, 36.33], ["Sinop", 42.03, 35.15], ["Kastamonu", 41.38, 33.78], ["Zonguldak", 41.45, 31.79], ["Corum", 40.55, 34.95]],
    smy: [["Smyrna (Izmir)", 38.42, 27.14], ["Antalya", 36.9, 30.7], ["Konya", 37.87, 32.48], ["Adana", 37.0, 35.32], ["Aydin", 37.85, 27.84], ["Afyon", 38.76, 30.54], ["Kayseri", 38.73, 35.48], ["Mersin", 36.8, 34.63]],
    arm: [["Erzurum", 39.9, 41.27], ["Trabzon", 41.0, 39.72], ["Yerevan", 40.18, 44.51], ["Van", 38.49, 43.38], ["Sivas", 39.75, 37.02], ["Kars", 40.6, 43.1], ["Batumi", 41.64, 41.64], ["Malatya", 38.35, 38.31]],
    syr: [["Aleppo", 36.2, 37.13], ["Damascus", 33.51, 36.29], ["Beirut", 33.89, 35.5], ["Mosul", 36.34, 43.13], ["Homs", 34.73, 36.71], ["Deir ez-Zor", 35.34, 40.14], ["Diyarbakir", 37.91, 40.23], ["Latakia", 35.52, 35.79], ["Gaziantep", 37.07, 37.38]],
    naf: [["Algiers", 36.75, 3.06], ["Oran", 35.7, -0.63], ["Rabat", 34.02, -6.84], ["Fez", 34.03, -5.0], ["Tangier", 35.76, -5.83], ["Marrakesh", 31.63, -8.0], ["Constantine", 36.37, 6.61], ["Biskra", 34.85, 5.73], ["Ghardaia", 32.49, 3.67]],
    tun: [["Tunis", 36.81, 10.18], ["Sfax", 34.74, 10.76], ["Gabes", 33.88, 10.1], ["Kairouan", 35.68, 10.1], ["Gafsa", 34.43, 8.78], ["Tozeur", 33.92, 8.13]],
  },
};
