// Seeds for the Ancient Mediterranean (crates/entente-map/variants/ancmed.toml): every
// province is grown from real places that lie in it.
//
// Facts only: land seeds are ancient cities and sites at their modern location (latitude,
// longitude, rounded to about 0.05 degrees, as the Pleiades gazetteer of ancient places and
// the sites' Wikipedia articles give them), named "Ancient (modern)"; where a region needs
// more points than it has famous sites, modern towns in it (GeoNames). Sea seeds are points
// in the named body of water. The first seed of a province with a supply centre is the city
// whose centre it is; the centre mark is drawn there.
//
// The province list, kinds and adjacency are the variant file's. Its shapes are not the
// ancient provinces' borders: they are Voronoi cells of these places, so that each province
// touches exactly the provinces it borders in the variant.

export default {
  variant: "ancmed",
  width: 1400,
  // Finer coasts than the standard map's: Calabria and the straits are narrow here.
  minWeight: 0.0008,
  lonLatBox: [-20, 10, 60, 60],
  // Conformal conic fitted to these points (lon, lat): the Atlantic off Lisbon to Armenia,
  // the Danube to Nubia.
  projection: {
    parallels: [30, 44],
    rotate: [-17, 0],
    fit: [
      [-11.5, 39],
      [17, 49.6],
      [45.5, 38],
      [17, 21.8],
    ],
  },
  // The Atlantic and the Bay of Biscay belong to no space.
  offboard: {
    water: [
      ["Atlantic west of Lisbon", 38.7, -11.0],
      ["Atlantic west of Galicia", 42.5, -11.0],
      ["Bay of Biscay", 45.5, -4.0],
      ["Bay of Biscay, south-east", 44.0, -2.0],
      ["Gulf of Cadiz", 36.6, -7.5],
      ["Atlantic off Larache", 35.3, -7.5],
      ["Atlantic off Casablanca", 33.8, -8.5],
      ["Atlantic off Agadir", 30.5, -11.0],
      ["Atlantic off Cape St Vincent", 36.7, -9.5],
      ["Celtic Sea", 48.5, -8.0],
      ["Off Tarifa, Atlantic side", 35.95, -6.1],
      ["Bay of Cadiz", 36.45, -6.5],
      ["English Channel", 49.8, -3.0],
    ],
  },
  // Points where several spaces meet, each adjacent to all the others (the rule text's
  // straits and the two multi-space points). Bearings are degrees from north.
  junctions: [
    // The four-seas point: Ausonian, Messenian, Libyan Sea and Gulf of Tacape pairwise adjacent.
    { name: "four seas", at: [34.9, 18.0], r: 5, seeds: { aus: 315, mes: 45, lib: 135, got: 225 } },
    // The Nile-delta point at Pelusium: Alexandria, Thebes, Sinai and the Gulf of Pelusium.
    { name: "Pelusium", at: [31.05, 32.45], r: 4, coast: true, seeds: { ale: 270, thb: 180, sin: 90, gop: 0 } },
    // Sicilian straits: armies cross Neapolis-Sicilia, fleets pass Tyrrhenian-Ausonian.
    { name: "Strait of Messina", at: [38.2, 15.6], r: 3, seeds: { nea: 70, sic: 250, tyn: 340, aus: 160 } },
    // Strait of Bonifacio: armies cross Corsica-Sardinia.
    { name: "Strait of Bonifacio", at: [41.33, 9.2], r: 3, seeds: { cor: 0, sad: 180, lig: 270, tyn: 90 } },
    // Strait of Gibraltar: armies cross Saguntum-Mauretania.
    { name: "Strait of Gibraltar", at: [35.95, -5.5], r: 3, tolerance: 3.5, seeds: { sag: 0, mau: 180, ibe: 90 } },
  ],
  // Water drawn as part of a land province: the Sea of Marmara and the straits of Byzantium;
  // the sea around the Balearic islands, which is the space Baleares (a fleet there convoys).
  water: {
    byz: [["Sea of Marmara", 40.75, 28.2], ["Sea of Marmara, west", 40.65, 27.5], ["Bosporus", 41.1, 29.06]],
    bal: [["Balearic Sea", 39.9, 2.0], ["Off Ibiza", 38.9, 1.0], ["Channel of Mallorca", 39.3, 2.0], ["Off Menorca", 39.6, 4.0], ["Off Cabrera", 39.0, 3.0], ["Off the Ebro delta", 40.4, 1.3]],
  },
  // Rivers the spaces' fleets sail, through places on their course: the Nile (Alexandria,
  // Memphis, Thebes, Bayuda) and the canal of the pharaohs from the Nile to the Red Sea.
  rivers: {
    nileRosetta: [["Rosetta mouth", 31.46, 30.37], ["Rosetta", 31.4, 30.42], ["Kafr el-Zayat", 30.82, 30.82], ["Delta apex (Cairo)", 30.1, 31.24]],
    nileDamietta: [["Damietta mouth", 31.52, 31.84], ["Damietta", 31.42, 31.81], ["Mansoura", 31.04, 31.38], ["Benha", 30.46, 31.18], ["Delta apex (Cairo)", 30.1, 31.24]],
    nile: [["Delta apex (Cairo)", 30.1, 31.24], ["Memphis (Mit Rahina)", 29.85, 31.25], ["Beni Suef", 29.07, 31.1], ["Minya", 28.1, 30.75], ["Asyut", 27.18, 31.18], ["Sohag", 26.56, 31.7], ["Qena", 26.16, 32.72], ["Thebes (Luxor)", 25.7, 32.64], ["Edfu", 24.98, 32.87], ["Syene (Aswan)", 24.09, 32.9], ["Abu Simbel", 22.34, 31.63], ["Buhen (Wadi Halfa)", 21.88, 31.33], ["Semna", 21.5, 30.95], ["Dongola", 19.17, 30.48]],
    canal: [["Bubastis (Zagazig)", 30.57, 31.51], ["Pithom (Tell el-Maskhuta)", 30.55, 32.1], ["Lake Timsah", 30.58, 32.28], ["Great Bitter Lake", 30.35, 32.38], ["Clysma (Suez)", 29.97, 32.55]],
  },
  // Interior land borders: each a line of (latitude, longitude) points from one end to the
  // other, drawn after the variant's board and the rivers, ranges and ancient frontiers it
  // follows (named beside each). A border starts and ends at a node (where three provinces
  // meet, named after them) or just past a coast or the map's edge. The generator puts each
  // side's province on its side of the line. Baleares meets Tarraco and Saguntum only along
  // the coast of its sea, and the straits' land spaces meet at their junctions: no lines.
  nodes: {
    "gau-lus-tar": [42.9, -1.0], // the Pyrenees above Roncesvalles
    "gau-mas-tar": [42.75, 0.65], // the central Pyrenees (Val d'Aran)
    "lus-sag-tar": [40.6, -1.6], // the Iberian range (Albarracin)
    "gau-mas-rha": [46.4, 6.05], // the Jura above Lake Geneva
    "etr-mas-rha": [45.83, 6.86], // Mont Blanc
    "etr-rha-ven": [46.3, 8.4], // the Lepontine Alps
    "etr-rav-ven": [45.05, 10.1], // the Po above Cremona
    "etr-rav-rom": [43.7, 12.15], // the Apennines at the Tiber's source
    "apu-rav-rom": [43.15, 13.0], // the Sibillini
    "apu-nea-rom": [41.75, 14.15], // the Apennines above the Sangro
    "rha-ven-vin": [46.75, 12.4], // the Dolomites' north-east corner
    "rha-sam-vin": [48.6, 13.75], // the Danube below Passau
    "dal-ven-vin": [45.55, 14.3], // the Julian Alps' south end (Snežnik)
    "dal-ill-vin": [44.95, 16.1], // the Una
    "ill-sam-vin": [45.95, 19.1], // the Danube above the Drava's mouth
    "dac-ill-sam": [45.4, 21.5], // the Banat's mountains
    "dac-ill-mac": [42.85, 22.55], // the Vlasina, where the Haemus begins
    "dal-epi-ill": [42.5, 19.8], // the Prokletije
    "epi-ill-mac": [42.2, 20.6], // the Šar
    "ath-epi-mac": [39.9, 21.3], // the Pindus at Metsovo
    "byz-dac-mac": [42.5, 26.0], // the Tundzha above Hadrianopolis
    "che-dac-sam": [47.35, 30.1], // between the Dniester and the Bug
    "byz-gal-mil": [38.75, 29.5],
    "bit-byz-gal": [40.05, 29.9], // the Sangarius' bend
    "gal-isa-mil": [38.05, 30.0], // the upper Maeander
    "cap-gal-isa": [38.6, 33.3], // Lake Tatta
    "cap-gal-sip": [39.6, 35.6], // the Halys' bend
    "bit-gal-sip": [40.6, 32.7],
    "arm-cap-sip": [39.25, 38.3], // the Euphrates
    "arm-che-sip": [41.3, 41.85], // the Akampsis (Çoruh)
    "arm-cap-dam": [37.8, 38.6], // the Euphrates at Samosata
    "ant-cap-dam": [37.55, 38.2],
    "ant-dam-sid": [34.95, 37.2], // the desert east of Emesa
    "ara-dam-sid": [33.2, 36.05], // Hermon's eastern foot
    "ara-sid-tye": [33.0, 35.9], // the Golan
    "ara-jer-tye": [32.55, 35.85], // the Yarmuk
    "ara-jer-nab": [29.9, 37.2],
    "jer-nab-pet": [29.6, 35.9], // the Hisma
    "jer-pet-sin": [30.6, 34.6], // the Negev
    "nab-pet-sin": [28.97, 34.7], // in the Gulf of Aila, off Haql (Sinai and Nabataea face each other across it)
    "ale-sin-thb": [31.085, 32.5], // by Pelusium, just inland of the junction
    "ale-mem-thb": [30.42, 31.25], // the Damietta branch at Athribis
    "ale-cyr-mem": [30.3, 29.6],
    "cyr-mar-mem": [29.6, 29.4],
    "bay-mar-mem": [26.9, 29.5],
    "bay-mem-thb": [25.4, 32.3], // the desert west of Thebes
    "bay-mar-pha": [25.2, 26.3],
    "bay-pha-sah": [23.6, 26.0], // the Gilf Kebir
    "cyr-lep-mar": [29.9, 20.6],
    "lep-mar-pha": [28.6, 19.6],
    "lep-num-pha": [32.0, 11.5], // the Dahar
    "cir-num-pha": [32.3, 8.9],
    "cir-pha-sah": [29.3, 8.3], // the Grand Erg Oriental
    "cir-num-tha": [35.3, 8.6],
    "car-cir-tha": [36.1, 9.0],
    "car-cir-mau": [36.55, 3.6], // the Isser
    "cir-mau-sah": [32.8, 0.8], // the Djebel Amour
  },
  borders: {
    // Iberia and Gaul
    "gau|lus": ["gau-lus-tar", [43.05, -1.45], [43.25, -1.6], [43.37, -1.79]], // the western Pyrenees to the Bidasoa
    "gau|tar": ["gau-lus-tar", [42.8, -0.45], "gau-mas-tar"], // the Pyrenees' crest
    "mas|tar": ["gau-mas-tar", [42.6, 1.5], [42.45, 2.3], [42.43, 3.15]], // the eastern Pyrenees to Cerbère
    "lus|tar": ["gau-lus-tar", [42.6, -1.9], [42.45, -2.3], [42.0, -2.3], [41.75, -1.95], [41.2, -1.85], "lus-sag-tar"], // the Sierra de Cameros and the Moncayo
    "lus|sag": ["lus-sag-tar", [40.3, -2.2], [39.9, -3.3], [39.3, -3.6], [38.7, -4.1], [38.3, -5.3], [38.1, -6.5], [37.55, -7.45], [37.2, -7.42]], // La Mancha, the Sierra Morena and the lower Anas (Guadiana)
    "sag|tar": ["lus-sag-tar", [40.45, -0.7], [40.5, 0.1], [40.52, 0.5]], // the Maestrazgo to the Sénia
    "gau|mas": ["gau-mas-tar", [43.3, 0.9], [43.9, 1.2], [44.2, 2.2], [44.5, 3.5], [45.2, 4.4], [45.62, 4.85], [45.72, 5.25], [45.9, 5.7], [46.15, 5.85], "gau-mas-rha"], // Narbonensis' frontier: the Cévennes, then the Rhône from Lyon to Geneva
    "gau|rha": ["gau-mas-rha", [46.75, 6.45], [47.2, 7.0], [47.55, 7.6], [48.0, 7.6], [48.6, 7.9], [49.0, 8.25], [49.45, 8.45]], // the Jura and the Rhine
    "mas|rha": ["gau-mas-rha", [46.4, 6.5], [46.2, 6.8], "etr-mas-rha"], // Lake Geneva and the Chablais Alps
    // Italy
    "etr|mas": ["etr-mas-rha", [45.68, 6.88], [45.25, 6.95], [44.67, 7.05], [44.15, 7.6], [43.78, 7.53]], // the Graian, Cottian and Maritime Alps
    "etr|rha": ["etr-mas-rha", [45.95, 7.5], [46.1, 8.0], "etr-rha-ven"], // the Pennine Alps
    "rha|ven": ["etr-rha-ven", [46.5, 8.9], [46.5, 9.33], [46.35, 9.9], [46.5, 10.55], [46.78, 11.0], [47.0, 11.5], [46.85, 11.95], "rha-ven-vin"], // the Alps' main ridge (Splügen, Bernina, Ortler, Brenner)
    "etr|ven": ["etr-rha-ven", [45.95, 8.75], [45.65, 9.0], [45.6, 9.45], [45.3, 9.75], "etr-rav-ven"], // Lake Maggiore, the Adda and the Po
    "rav|ven": ["etr-rav-ven", [45.05, 10.7], [44.95, 11.4], [44.95, 12.0], [44.95, 12.45]], // the Po
    "etr|rav": ["etr-rav-ven", [44.6, 9.9], [44.3, 10.4], [44.15, 10.9], [44.05, 11.3], [43.85, 11.8], "etr-rav-rom"], // the Apennines' crest (the Cisa, the Abetone, the Futa)
    "etr|rom": ["etr-rav-rom", [43.35, 12.1], [43.15, 12.0], [42.85, 11.85], [42.6, 11.6], [42.38, 11.55]], // Lake Trasimene, the Clanis valley and the Fiora
    "rav|rom": ["etr-rav-rom", [43.5, 12.55], [43.3, 12.8], "apu-rav-rom"], // the Umbrian Apennines
    "apu|rav": ["apu-rav-rom", [43.3, 13.4], [43.35, 13.72]], // the Flusor (Chienti)
    "apu|rom": ["apu-rav-rom", [42.85, 13.2], [42.45, 13.5], [42.0, 13.85], "apu-nea-rom"], // the Apennines (the Gran Sasso, the Maiella)
    "nea|rom": ["apu-nea-rom", [41.5, 13.95], [41.22, 13.77]], // the Liris (Garigliano)
    "apu|nea": ["apu-nea-rom", [41.45, 14.7], [41.15, 15.2], [40.8, 15.6], [40.75, 16.1], [40.5, 16.45], [40.38, 16.85]], // the Matese, the Daunian hills and the Bradanus
    // The Alps and the Danube
    "ven|vin": ["rha-ven-vin", [46.62, 13.0], [46.5, 13.6], [46.3, 13.85], [45.9, 14.1], "dal-ven-vin"], // the Carnic and Julian Alps (the Claustra Alpium Iuliarum)
    "dal|ven": ["dal-ven-vin", [45.3, 14.15], [45.05, 14.08], [44.95, 14.08]], // the Arsia (Raša), Italy's frontier in Istria
    "rha|vin": ["rha-sam-vin", [48.3, 13.3], [47.9, 12.6], [47.55, 12.2], [47.15, 12.5], "rha-ven-vin"], // the Aenus (Inn), Raetia's frontier with Noricum
    "rha|sam": ["rha-sam-vin", [48.85, 13.6], [49.2, 13.1], [49.5, 12.7]], // the Bohemian Forest
    "sam|vin": ["rha-sam-vin", [48.35, 14.5], [48.45, 15.5], [48.35, 16.6], [48.1, 17.2], [47.9, 18.1], [47.8, 18.95], [47.45, 19.2], [47.0, 19.1], [46.5, 19.0], "ill-sam-vin"], // the Danube, the limes of Noricum and Pannonia
    "dal|vin": ["dal-ven-vin", [45.45, 14.8], [45.25, 15.3], [45.1, 15.7], "dal-ill-vin"], // Gorski kotar and the Colapis (Kupa)
    "ill|vin": ["dal-ill-vin", [45.3, 16.6], [45.45, 17.3], [45.75, 18.0], [45.75, 18.6], "ill-sam-vin"], // the Papuk hills and the Dravus (Drava)
    "dal|ill": ["dal-ill-vin", [44.4, 16.3], [43.9, 16.9], [43.5, 17.6], [43.1, 18.3], [42.85, 19.0], "dal-epi-ill"], // the Dinaric Alps
    "ill|sam": ["ill-sam-vin", [45.85, 19.9], [45.7, 20.6], [45.5, 21.1], "dac-ill-sam"], // across the Tisza's plain to the Banat
    "dac|ill": ["dac-ill-sam", [44.9, 21.8], [44.6, 22.1], [44.2, 22.55], [43.9, 22.3], [43.4, 22.6], "dac-ill-mac"], // the Danube at the Iron Gates and the Timacus (Timok)
    "dac|sam": ["dac-ill-sam", [46.0, 21.9], [46.7, 22.2], [47.35, 22.6], [47.9, 23.6], [48.0, 24.6], [47.9, 25.6], [48.25, 26.8], [48.0, 27.8], [47.7, 28.9], "che-dac-sam"], // the Carpathians and the Tyras (Dniester)
    "che|dac": ["che-dac-sam", [46.9, 30.6], [46.6, 30.95]], // the Tylihul, between the Tyras and the Hypanis
    "che|sam": ["che-dac-sam", [47.7, 31.1], [48.1, 32.3], [48.4, 33.5], [48.7, 34.2]], // the Hypanis (Southern Bug) and the Inhul
    // The Balkans and Greece
    "dal|epi": ["dal-epi-ill", [42.3, 19.45], [42.15, 19.3], [41.9, 19.35]], // Lake Scutari and the Barbana (Buna)
    "epi|ill": ["dal-epi-ill", [42.35, 20.2], "epi-ill-mac"], // the Prokletije
    "ill|mac": ["epi-ill-mac", [42.2, 21.1], [42.3, 21.6], [42.5, 22.2], "dac-ill-mac"], // the Šar and the Skopska Crna Gora
    "dac|mac": ["dac-ill-mac", [42.45, 23.0], [42.35, 23.6], [42.5, 24.2], [42.6, 24.6], [42.65, 25.3], "byz-dac-mac"], // Rila and the Sredna Gora
    "byz|dac": ["byz-dac-mac", [42.7, 26.8], [42.75, 27.4], [42.75, 27.85]], // the eastern Haemus to Cape Emine
    "byz|mac": ["byz-dac-mac", [42.0, 26.2], [41.6, 26.3], [41.2, 26.3], [40.85, 26.0], [40.75, 25.98]], // the Hebrus (Maritsa)
    "epi|mac": ["epi-ill-mac", [41.8, 20.55], [41.2, 20.75], [40.7, 20.9], [40.2, 21.1], "ath-epi-mac"], // the Black Drin, Lake Lychnitis (Ohrid) and the Pindus
    "ath|mac": ["ath-epi-mac", [40.0, 21.9], [39.95, 22.35], [39.88, 22.7]], // the Cambunian mountains, Olympus and the Vale of Tempe
    "ath|epi": ["ath-epi-mac", [39.5, 21.3], [39.15, 21.25], [38.8, 21.35], [38.5, 21.2], [38.33, 21.1]], // the Pindus and the Achelous
    "ath|spa": [[37.88, 23.05], [37.95, 22.95], [38.05, 22.8], [38.2, 22.4], [38.3, 21.9], [38.32, 21.78], [38.33, 21.6]], // the Isthmus of Corinth, then the Gulf of Corinth to the Rhion narrows
    // Asia Minor
    "byz|mil": [[39.45, 26.9], [39.5, 27.6], [39.35, 28.4], [39.0, 29.0], "byz-gal-mil"], // the Temnos range between Mysia and Lydia
    "bit|byz": ["bit-byz-gal", [40.3, 29.45], [40.45, 29.3], [40.72, 29.5], [40.85, 29.4], [41.2, 29.5]], // the Bithynian Olympus and the gulfs of Cius and Astacus
    "byz|gal": ["bit-byz-gal", [39.7, 30.25], [39.3, 30.25], "byz-gal-mil"], // Phrygia Epictetus' frontier, between Cotiaeum and Dorylaeum
    "gal|mil": ["byz-gal-mil", [38.4, 29.8], "gal-isa-mil"],
    "isa|mil": ["gal-isa-mil", [37.5, 30.1], [37.0, 30.3], [36.55, 30.5]], // the Taurus, Lycia's frontier with Pamphylia
    "gal|isa": ["gal-isa-mil", [38.3, 30.9], [38.35, 31.6], [38.45, 32.4], "cap-gal-isa"], // the Sultan mountains to Lake Tatta
    "cap|isa": ["cap-gal-isa", [37.9, 33.7], [37.4, 33.8], [36.9, 34.05], [36.55, 34.2]], // the Taurus, and the Lamus between rough and level Cilicia
    "cap|gal": ["cap-gal-isa", [39.0, 34.0], [39.3, 34.8], "cap-gal-sip"], // the Halys (Kızılırmak)
    "gal|sip": ["cap-gal-sip", [40.1, 35.0], [40.35, 34.2], [40.35, 33.3], "bit-gal-sip"], // the Halys' lower course
    "bit|gal": ["bit-gal-sip", [40.4, 32.0], [40.3, 31.0], [40.1, 30.4], "bit-byz-gal"], // the Köroğlu mountains and the Sangarius
    "bit|sip": ["bit-gal-sip", [41.0, 33.1], [41.5, 33.3], [41.95, 33.4]], // western Paphlagonia's mountains
    "cap|sip": ["cap-gal-sip", [39.35, 36.3], [39.4, 37.0], [39.3, 37.7], "arm-cap-sip"], // the Anti-Taurus' northern ranges
    "arm|sip": ["arm-cap-sip", [39.7, 38.6], [40.2, 39.1], [40.5, 39.7], [40.7, 40.6], [41.0, 41.3], "arm-che-sip"], // the Pontic Alps
    "che|sip": ["arm-che-sip", [41.6, 41.58]], // the Akampsis (Çoruh)
    "arm|che": ["arm-che-sip", [41.6, 42.6], [41.9, 43.3], [42.3, 43.6], [42.7, 44.5], [42.5, 45.5], [42.0, 46.5], [41.7, 47.5]], // the Likhi range and the Caucasus' crest
    "arm|cap": ["arm-cap-sip", [39.0, 38.75], [38.6, 38.85], [38.2, 38.7], "arm-cap-dam"], // the Euphrates
    "arm|dam": ["arm-cap-dam", [37.6, 39.3], [37.5, 40.3], [37.35, 41.2], [37.25, 42.2], [37.2, 43.2], [37.1, 44.3], [37.0, 45.5]], // Mons Masius (Tur Abdin) and the Tigris' gorge
    "cap|dam": ["arm-cap-dam", "ant-cap-dam"], // the Euphrates
    "ant|cap": ["ant-cap-dam", [37.35, 37.5], [37.0, 36.9], [36.75, 36.45], [36.72, 36.2]], // the Amanus
    // The Levant and Arabia
    "ant|dam": ["ant-cap-dam", [37.1, 38.1], [36.6, 38.2], [36.0, 38.3], [35.4, 38.0], "ant-dam-sid"], // the Euphrates' east bank, then the desert
    "ant|sid": ["ant-dam-sid", [34.95, 36.7], [35.05, 36.3], [35.15, 35.95]], // between Emesa and Epiphania, and the Bargylus' south end
    "dam|sid": ["ant-dam-sid", [34.5, 37.0], [34.1, 36.6], [33.75, 36.15], [33.45, 36.05], "ara-dam-sid"], // the Anti-Lebanon
    "ara|sid": ["ara-dam-sid", "ara-sid-tye"],
    "sid|tye": ["ara-sid-tye", [33.18, 35.62], [33.3, 35.4], [33.38, 35.27]], // the Leontes (Litani)
    "ara|tye": ["ara-sid-tye", [32.75, 35.9], "ara-jer-tye"], // the Golan's eastern edge
    "jer|tye": ["ara-jer-tye", [32.35, 35.55], [32.45, 35.3], [32.65, 35.05], [32.72, 34.95]], // Mount Gilboa and Carmel, Galilee's southern edge
    "ara|dam": ["ara-dam-sid", [33.2, 36.6], [33.3, 37.5], [33.6, 38.6], [34.0, 40.0], [34.2, 41.3], [34.3, 42.5], [33.9, 43.5]], // the Syrian desert south of the Euphrates
    "ara|jer": ["ara-jer-tye", [32.15, 36.15], [32.0, 36.7], [31.8, 37.05], [31.0, 37.0], [30.4, 37.2], "ara-jer-nab"], // the desert's edge east of Moab and Edom
    "ara|nab": ["ara-jer-nab", [29.2, 38.0], [28.3, 39.0], [27.0, 40.3], [25.5, 41.5]], // the Nafud's western edge
    "jer|nab": ["ara-jer-nab", [29.7, 36.5], "jer-nab-pet"], // the Hisma
    "jer|pet": ["jer-nab-pet", [30.05, 35.58], [30.5, 35.6], [30.75, 35.45], [30.8, 35.2], "jer-pet-sin"], // Edom's plateau and the Zered
    "nab|pet": ["jer-nab-pet", [29.2, 35.4], [28.98, 35.0], "nab-pet-sin"], // the Hisma to the Gulf of Aila
    "pet|sin": ["jer-pet-sin", [30.0, 34.8], [29.6, 34.93], [29.5, 34.95], [29.27, 34.78], "nab-pet-sin"], // the Negev's south to the Gulf of Aila's head, and down the gulf
    "jer|sin": ["jer-pet-sin", [31.0, 34.35], [31.3, 34.23]], // the Negev's west to Raphia
    // Egypt and Libya
    "sin|thb": ["ale-sin-thb", [30.85, 32.55], [30.58, 32.42], [30.3, 32.52], [30.05, 32.63], [29.8, 32.58]], // the isthmus of Suez (Lake Timsah, the Bitter Lakes)
    "ale|thb": ["ale-mem-thb", [30.75, 31.45], [30.8, 31.8], [30.85, 32.2], "ale-sin-thb"], // the eastern delta between Tanis and Bubastis
    "ale|mem": ["ale-cyr-mem", [30.6, 30.1], [30.65, 30.6], [30.6, 30.85], [30.5, 31.1], "ale-mem-thb"], // across the delta above Naucratis and Athribis
    "mem|thb": ["ale-mem-thb", [30.2, 31.5], [29.8, 31.5], [29.0, 31.35], [28.1, 31.05], [27.2, 31.5], [26.7, 32.0], [26.35, 32.3], "bay-mem-thb"], // the Nile valley's eastern edge, then across the Nile below Coptos
    "bay|thb": ["bay-mem-thb", [25.1, 32.6], [24.8, 33.3], [24.0, 33.6], [23.0, 33.8], [21.8, 34.0], [20.6, 34.2]], // across the Nile below Latopolis, then the Red Sea hills' western foot
    "bay|mem": ["bay-mem-thb", [25.9, 31.6], [26.3, 31.0], [26.8, 30.1], "bay-mar-mem"], // the Western Desert's scarp above the Great Oasis (Kharga)
    "mar|mem": ["bay-mar-mem", [27.8, 29.7], [28.6, 29.6], "cyr-mar-mem"], // the Western Desert between the oases and the valley
    "cyr|mem": ["cyr-mar-mem", "ale-cyr-mem"],
    "ale|cyr": ["ale-cyr-mem", [30.7, 29.3], [30.88, 29.25]], // the desert west of Lake Mareotis
    "cyr|mar": ["cyr-mar-mem", [30.1, 28.5], [30.4, 27.3], [30.5, 26.0], [30.45, 24.8], [30.2, 23.0], [30.0, 21.8], "cyr-lep-mar"], // the Marmaric plateau's southern edge, north of the oases (Qattara, Siwa, Jaghbub, Augila)
    "cyr|lep": ["cyr-lep-mar", [30.4, 20.0], [30.55, 19.85]], // the desert between Agedabia and Brega
    "lep|mar": ["cyr-lep-mar", [29.3, 20.0], "lep-mar-pha"],
    "mar|pha": ["lep-mar-pha", [27.8, 21.8], [27.0, 23.8], [26.0, 25.2], "bay-mar-pha"], // the Calanshio and the Great Sand Sea
    "bay|mar": ["bay-mar-pha", [25.8, 27.5], [26.4, 28.5], "bay-mar-mem"], // the Abu Tartur plateau, between Farafra and Dakhla
    "bay|pha": ["bay-mar-pha", [24.4, 26.2], "bay-pha-sah"], // the Gilf Kebir
    "bay|sah": ["bay-pha-sah", [22.8, 26.5], [21.3, 27.1]],
    "pha|sah": ["bay-pha-sah", [23.4, 24.0], [23.3, 21.5], [22.9, 18.5], [22.9, 16.0], [23.5, 13.5], [24.4, 10.9], [24.95, 9.95], [25.8, 9.8], [27.0, 9.8], [28.3, 9.2], "cir-pha-sah"], // the Tibesti's northern foothills and the Tassili n'Ajjer, the Fezzan's southern edge
    "lep|pha": ["lep-num-pha", [31.75, 12.5], [31.5, 13.3], [30.6, 13.25], [30.1, 13.4], [29.7, 14.5], [29.6, 15.5], [29.7, 16.8], [29.5, 18.0], "lep-mar-pha"], // the limes Tripolitanus (Gheriat, Bu Njem)
    // Africa
    "lep|num": ["lep-num-pha", [32.6, 11.4], [33.15, 11.5]], // the Tripolitanian frontier (Ras Ajdir)
    "num|pha": ["cir-num-pha", [32.1, 10.2], "lep-num-pha"], // the Dahar's southern edge
    "cir|pha": ["cir-pha-sah", [30.5, 8.6], [31.6, 8.7], "cir-num-pha"], // the Grand Erg Oriental
    "cir|num": ["cir-num-pha", [33.2, 8.0], [33.9, 7.7], [34.6, 8.1], [35.1, 8.3], "cir-num-tha"], // the Chott el-Gharsa and the Nemencha mountains
    "num|tha": ["cir-num-tha", [34.9, 9.1], [34.5, 9.8], [34.35, 10.15]], // the southern Dorsal to the coast at Skhira
    "cir|tha": ["cir-num-tha", [35.7, 8.85], "car-cir-tha"], // the Dorsal
    "car|tha": ["car-cir-tha", [36.05, 9.6], [36.2, 10.2], [36.25, 10.55]], // the Dorsal (Zaghouan) to the Gulf of Hammamet
    "car|cir": ["car-cir-tha", [36.3, 8.7], [36.55, 8.0], [36.65, 7.45], [36.65, 6.9], [36.6, 5.8], [36.55, 5.1], [36.6, 4.3], "car-cir-mau"], // the Tell Atlas (the Medjerda mountains, the Babors, the Djurdjura)
    "car|mau": ["car-cir-mau", [36.82, 3.55]], // the Isser
    "cir|mau": ["car-cir-mau", [36.2, 3.25], [35.5, 3.0], [34.5, 2.3], [33.8, 1.8], "cir-mau-sah"], // the Titteri and the Saharan Atlas
    "cir|sah": ["cir-mau-sah", [31.2, 2.4], [30.0, 4.5], [29.4, 6.5], "cir-pha-sah"], // the Mzab and the Tademait
    "mau|sah": ["cir-mau-sah", [33.0, -0.5], [32.6, -2.0], [32.2, -4.0], [31.6, -5.5], [31.1, -7.5], [31.1, -8.2]], // the Saharan and High Atlas
  },
  provinces: {
    // --- seas ---
    adr: [["Adriatic Sea, central", 43.0, 15.5], ["Adriatic Sea, north", 44.8, 13.0], ["South Adriatic", 41.7, 17.6], ["Gulf of Venice", 45.4, 13.0]],
    aeg: [["Aegean Sea, central", 38.5, 25.0], ["Thracian Sea", 40.3, 24.8], ["Myrtoan Sea", 37.0, 23.8], ["North Aegean", 39.5, 24.3], ["Off Lesbos", 39.3, 25.8], ["Sea of Crete", 35.9, 24.8], ["Off Milos", 36.5, 24.6], ["Icarian Sea", 37.4, 26.0], ["Saronic Gulf", 37.75, 23.45], ["Off Kenchreai", 37.85, 23.16], ["Argolic Gulf", 37.4, 22.85], ["North Euboean Gulf", 38.85, 23.1], ["Malian Gulf", 38.86, 22.75], ["Pagasetic Gulf", 39.2, 22.95], ["South Euboean Gulf", 38.34, 23.8]],
    ion: [["Ionian Sea", 38.5, 19.0], ["Gulf of Taranto", 39.9, 17.3], ["Off Corfu", 39.4, 19.6], ["Strait of Otranto", 40.4, 18.9], ["Off Zakynthos", 37.7, 20.4], ["Gulf of Corinth", 38.2, 22.3], ["Alkyonides Gulf", 38.1, 22.95], ["Gulf of Patras", 38.3, 21.4]],
    aus: [["Ausonian Sea", 36.8, 16.5], ["Off Malta", 35.6, 14.4], ["Off Syracuse", 37.0, 15.8], ["Ausonian Sea, south", 35.7, 16.5], ["Gulf of Squillace", 38.5, 16.9]],
    mes: [["Messenian Sea", 36.3, 21.0], ["Off Cythera", 36.0, 22.9], ["Messenian Sea, south", 35.5, 20.5], ["Off Methoni", 36.7, 21.4], ["Messenian Gulf", 36.9, 22.0], ["Laconian Gulf", 36.6, 22.6], ["Off Cape Malea", 36.35, 23.3], ["West of Crete", 35.6, 23.2]],
    got: [["Gulf of Gabes", 34.0, 11.5], ["Off Djerba", 33.8, 12.2], ["Gulf of Tacape, east", 34.3, 14.5], ["Off Kerkennah", 34.8, 12.0], ["Gulf of Tacape, far east", 34.0, 16.5]],
    gos: [["Gulf of Sidra", 31.5, 18.5], ["Gulf of Sidra, west", 32.3, 16.5], ["Gulf of Sidra, east", 31.5, 19.6], ["Gulf of Sidra, north", 32.8, 18.0]],
    lib: [["Libyan Sea", 33.5, 22.5], ["Libyan Sea, south of Crete", 34.5, 24.8], ["Off Tobruk", 32.7, 24.5], ["Off Marsa Matruh", 31.8, 27.3], ["Off El Alamein", 31.3, 28.8], ["Libyan Sea, west", 33.8, 20.0]],
    egy: [["Egyptian Sea", 33.0, 30.5], ["Egyptian Sea, north", 34.3, 29.0], ["Off Alexandria", 31.7, 30.0], ["Egyptian Sea, east", 33.5, 32.0], ["Off Kasos", 34.6, 26.9], ["South-east of Crete", 34.7, 26.2], ["South-west of Cyprus", 34.4, 32.2]],
    min: [["Minoan Sea", 35.8, 27.0], ["Off Rhodes", 36.0, 28.2], ["Karpathos Strait", 35.4, 26.8], ["North-east of Crete", 35.6, 26.1]],
    cil: [["Cilician Strait", 35.9, 33.3], ["Off Lycia", 36.0, 29.9], ["North of Cyprus", 35.6, 33.0], ["Gulf of Antalya", 36.4, 31.0], ["Gulf of Iskenderun", 36.6, 35.7], ["Off Cape Andreas", 35.8, 34.7], ["Off Anamur", 35.9, 32.5]],
    syr: [["Syrian Sea", 34.0, 34.6], ["Off Beirut", 33.9, 35.2], ["Off Haifa", 32.9, 34.6], ["South-east of Cyprus", 34.5, 33.9]],
    gop: [["Gulf of Pelusium", 31.6, 33.0], ["Off Gaza", 31.6, 34.1], ["Off Damietta", 31.8, 31.9], ["Off Port Said", 31.5, 32.5]],
    ree: [["Gulf of Suez", 29.0, 32.9], ["Gulf of Aqaba", 28.6, 34.75], ["Red Sea, north", 26.5, 35.0], ["Red Sea", 24.0, 36.5], ["Red Sea, south", 21.5, 38.2]],
    bla: [["Black Sea, central", 43.3, 34.0], ["Black Sea, west", 43.0, 30.5], ["Black Sea, east", 42.5, 38.5], ["Karkinit Bay", 45.9, 32.6], ["Sea of Azov", 46.0, 36.5], ["Off the Bosporus", 41.5, 29.4]],
    tyn: [["Tyrrhenian Sea", 40.0, 12.0], ["Off Anzio", 41.2, 12.0], ["Gulf of Naples", 40.5, 14.1], ["Tyrrhenian Sea, south", 39.0, 14.0], ["Off Ustica", 38.9, 12.8], ["Gulf of Sant'Eufemia", 38.85, 16.0], ["Gulf of Policastro", 39.95, 15.5], ["Off Cetraro", 39.5, 15.75], ["Off Olbia", 40.9, 10.2]],
    lig: [["Ligurian Sea", 43.6, 8.8], ["Gulf of Lion", 42.8, 4.5], ["West of Corsica", 42.2, 7.6], ["West of Sardinia", 40.3, 7.2], ["Off Cap de Creus", 42.0, 4.0], ["Balearic basin", 41.3, 5.0], ["Tuscan archipelago", 43.0, 9.9], ["Off Giglio", 42.3, 10.8], ["Off Civitavecchia", 42.0, 11.4], ["Off Barcelona", 41.3, 2.8]],
    ber: [["Berber Sea", 37.6, 3.0], ["Off Algiers", 37.1, 3.5], ["Off Cartagena", 37.3, -0.5], ["Off Annaba", 37.6, 7.2], ["Off Cape de la Nao", 38.5, 0.6], ["Algerian basin", 38.3, 5.5], ["Off Oran", 36.2, -0.8], ["South-west of Sardinia", 38.6, 7.9]],
    pun: [["Punic Sea", 37.3, 11.4], ["Sardinia Channel", 38.1, 9.8], ["Strait of Sicily", 36.9, 12.0], ["Gulf of Tunis", 37.0, 10.4], ["Off Pantelleria", 36.4, 11.5], ["Off Marsala", 37.9, 11.7]],
    ibe: [["Alboran Sea", 36.0, -3.5], ["Alboran Sea, west", 36.1, -4.6], ["Alboran Sea, east", 36.2, -2.0]],

    // --- Iberia, Gaul ---
    lus: [["Emerita Augusta (Merida)", 38.92, -6.34], ["Olisipo (Lisbon)", 38.72, -9.14], ["Bracara Augusta (Braga)", 41.55, -8.42], ["Asturica Augusta (Astorga)", 42.46, -6.06], ["Lucus Augusti (Lugo)", 43.01, -7.56], ["Salmantica (Salamanca)", 40.96, -5.66], ["Conimbriga", 40.1, -8.49], ["Legio (Leon)", 42.6, -5.57], ["Toletum (Toledo)", 39.86, -4.02], ["Numantia", 41.81, -2.44], ["Pax Iulia (Beja)", 38.02, -7.86], ["Gijon", 43.54, -5.66], ["Santander", 43.46, -3.8], ["Pompaelo (Pamplona)", 42.82, -1.64], ["Vitoria-Gasteiz", 42.85, -2.67], ["Bilbao", 43.26, -2.93]],
    tar: [["Tarraco (Tarragona)", 41.12, 1.25], ["Barcino (Barcelona)", 41.38, 2.17], ["Caesaraugusta (Zaragoza)", 41.65, -0.88], ["Emporiae (Empuries)", 42.13, 3.12], ["Ilerda (Lleida)", 41.62, 0.62], ["Dertosa (Tortosa)", 40.81, 0.52], ["Osca (Huesca)", 42.14, -0.41], ["Calagurris (Calahorra)", 42.3, -1.97]],
    sag: [["Saguntum (Sagunto)", 39.68, -0.27], ["Carthago Nova (Cartagena)", 37.6, -0.98], ["Gades (Cadiz)", 36.53, -6.29], ["Hispalis (Seville)", 37.39, -5.98], ["Corduba (Cordoba)", 37.88, -4.78], ["Malaca (Malaga)", 36.72, -4.42], ["Valentia (Valencia)", 39.47, -0.38], ["Castulo (Linares)", 38.04, -3.63], ["Calpe (Gibraltar)", 36.14, -5.35], ["Segobriga", 39.89, -2.81], ["Lucentum (Alicante)", 38.35, -0.48], ["Baelo Claudia", 36.09, -5.77]],
    bal: [["Palma (Mallorca)", 39.57, 2.65], ["Mago (Mahon, Menorca)", 39.89, 4.26], ["Ebusus (Ibiza)", 38.91, 1.43]],
    gau: [["Lugdunum (Lyon)", 45.76, 4.83], ["Burdigala (Bordeaux)", 44.84, -0.58], ["Lutetia (Paris)", 48.86, 2.35], ["Avaricum (Bourges)", 47.08, 2.4], ["Augustodunum (Autun)", 46.95, 4.3], ["Lemonum (Poitiers)", 46.58, 0.34], ["Condate (Rennes)", 48.11, -1.68], ["Durocortorum (Reims)", 49.26, 4.03], ["Vesontio (Besancon)", 47.24, 6.02], ["Divona (Cahors)", 44.45, 1.44], ["Aquae Tarbellicae (Dax)", 43.71, -1.05], ["Augustonemetum (Clermont-Ferrand)", 45.78, 3.08], ["Divodurum (Metz)", 49.12, 6.18], ["Argentoratum (Strasbourg)", 48.57, 7.75], ["Brest", 48.39, -4.49]],
    mas: [["Massilia (Marseille)", 43.3, 5.37], ["Narbo (Narbonne)", 43.18, 3.0], ["Nemausus (Nimes)", 43.84, 4.36], ["Arelate (Arles)", 43.68, 4.63], ["Forum Julii (Frejus)", 43.43, 6.74], ["Nicaea (Nice)", 43.7, 7.27], ["Tolosa (Toulouse)", 43.6, 1.44], ["Ruscino (Perpignan)", 42.7, 2.9], ["Vienna (Vienne)", 45.52, 4.87], ["Cularo (Grenoble)", 45.19, 5.72], ["Genava (Geneva)", 46.2, 6.14]],

    // --- Italy and the islands ---
    etr: [["Pisae (Pisa)", 43.72, 10.4], ["Florentia (Florence)", 43.77, 11.25], ["Genua (Genoa)", 44.41, 8.93], ["Luca (Lucca)", 43.84, 10.5], ["Volaterrae (Volterra)", 43.4, 10.86], ["Populonia", 42.99, 10.49], ["Augusta Taurinorum (Turin)", 45.07, 7.69], ["Mediolanum (Milan)", 45.46, 9.19], ["Placentia (Piacenza)", 45.05, 9.69], ["Arretium (Arezzo)", 43.46, 11.88], ["Augusta Praetoria (Aosta)", 45.74, 7.32]],
    ven: [["Aquileia", 45.77, 13.37], ["Patavium (Padua)", 45.41, 11.88], ["Verona", 45.44, 10.99], ["Tergeste (Trieste)", 45.65, 13.78], ["Brixia (Brescia)", 45.54, 10.22], ["Altinum", 45.55, 12.4], ["Tridentum (Trento)", 46.07, 11.12], ["Comum (Como)", 45.81, 9.08], ["Feltria (Feltre)", 46.02, 11.91]],
    rav: [["Ravenna", 44.42, 12.2], ["Bononia (Bologna)", 44.49, 11.34], ["Ariminum (Rimini)", 44.06, 12.57], ["Ancona", 43.62, 13.52], ["Mutina (Modena)", 44.65, 10.93], ["Pisaurum (Pesaro)", 43.91, 12.91], ["Parma", 44.8, 10.33]],
    rom: [["Roma", 41.9, 12.5], ["Ostia", 41.75, 12.29], ["Perusia (Perugia)", 43.11, 12.39], ["Spoletium (Spoleto)", 42.74, 12.74], ["Reate (Rieti)", 42.4, 12.86], ["Tarracina (Terracina)", 41.29, 13.25], ["Tarquinii", 42.25, 11.76], ["Alba Fucens", 42.08, 13.41]],
    apu: [["Barium (Bari)", 41.12, 16.87], ["Tarentum (Taranto)", 40.47, 17.24], ["Brundisium (Brindisi)", 40.64, 17.94], ["Luceria (Lucera)", 41.51, 15.34], ["Canusium (Canosa)", 41.22, 16.07], ["Aternum (Pescara)", 42.46, 14.21], ["Venusia (Venosa)", 40.96, 15.82], ["Hydruntum (Otranto)", 40.15, 18.49], ["Larinum (Larino)", 41.8, 14.91], ["Asculum (Ascoli Piceno)", 42.85, 13.58], ["Firmum (Fermo)", 43.16, 13.72]],
    nea: [["Neapolis (Naples)", 40.85, 14.27], ["Capua", 41.08, 14.25], ["Paestum", 40.42, 15.0], ["Rhegium (Reggio Calabria)", 38.11, 15.65], ["Croton (Crotone)", 39.08, 17.13], ["Consentia (Cosenza)", 39.3, 16.25], ["Beneventum (Benevento)", 41.13, 14.78], ["Thurii", 39.71, 16.5], ["Vibo Valentia", 38.67, 16.1], ["Potentia (Potenza)", 40.64, 15.8]],
    sic: [["Syracusae (Syracuse)", 37.08, 15.29], ["Panormus (Palermo)", 38.12, 13.36], ["Messana (Messina)", 38.19, 15.55], ["Agrigentum (Agrigento)", 37.31, 13.58], ["Lilybaeum (Marsala)", 37.8, 12.44], ["Catana (Catania)", 37.5, 15.09], ["Henna (Enna)", 37.57, 14.28]],
    cor: [["Aleria", 42.1, 9.51], ["Ajaccio", 41.93, 8.74], ["Mariana", 42.63, 9.45], ["Bonifacio", 41.39, 9.16]],
    sad: [["Caralis (Cagliari)", 39.22, 9.12], ["Tharros", 39.87, 8.44], ["Olbia", 40.92, 9.5], ["Turris Libisonis (Porto Torres)", 40.84, 8.4], ["Nora", 38.98, 9.02], ["Nuoro", 40.32, 9.33]],

    // --- The Danube and the Balkans ---
    rha: [["Augusta Vindelicum (Augsburg)", 48.37, 10.9], ["Curia (Chur)", 46.85, 9.53], ["Brigantium (Bregenz)", 47.5, 9.75], ["Veldidena (Innsbruck)", 47.27, 11.4], ["Castra Regina (Regensburg)", 49.02, 12.1], ["Vindonissa (Windisch)", 47.48, 8.22], ["Aventicum (Avenches)", 46.88, 7.04], ["Cambodunum (Kempten)", 47.73, 10.32], ["Sumelocenna (Rottenburg)", 48.48, 8.93], ["Octodurus (Martigny)", 46.1, 7.07], ["Wurzburg", 49.79, 9.95], ["Batavis (Passau)", 48.57, 13.46]],
    vin: [["Vindobona (Vienna)", 48.21, 16.37], ["Carnuntum", 48.11, 16.86], ["Iuvavum (Salzburg)", 47.8, 13.04], ["Virunum (Klagenfurt)", 46.7, 14.37], ["Emona (Ljubljana)", 46.05, 14.51], ["Poetovio (Ptuj)", 46.42, 15.87], ["Savaria (Szombathely)", 47.23, 16.62], ["Lauriacum (Enns)", 48.2, 14.48], ["Brigetio (Komarom)", 47.73, 18.12], ["Aquincum (Budapest)", 47.5, 19.05], ["Siscia (Sisak)", 45.48, 16.37], ["Sopianae (Pecs)", 46.07, 18.23], ["Teurnia (Spittal)", 46.8, 13.5]],
    sam: [["Brno", 49.2, 16.6], ["Krakow", 50.06, 19.94], ["Kosice", 48.72, 21.26], ["Lviv", 49.84, 24.03], ["Uzhhorod", 48.62, 22.3], ["Chernivtsi", 48.29, 25.94], ["Vinnytsia", 49.23, 28.47], ["Uman", 48.75, 30.22], ["Debrecen", 47.53, 21.63], ["Partiscum (Szeged)", 46.25, 20.15], ["Olomouc", 49.59, 17.25], ["Prague", 50.08, 14.44], ["Kropyvnytskyi", 48.51, 32.26]],
    ill: [["Sirmium (Sremska Mitrovica)", 44.97, 19.61], ["Singidunum (Belgrade)", 44.82, 20.46], ["Naissus (Nis)", 43.32, 21.9], ["Mursa (Osijek)", 45.55, 18.69], ["Bosnia (Sarajevo)", 43.86, 18.41], ["Ulpiana (Pristina)", 42.6, 21.18], ["Viminacium (Kostolac)", 44.74, 21.21], ["Tuzla", 44.54, 18.68], ["Banja Luka", 44.77, 17.19], ["Novi Sad", 45.25, 19.84]],
    dal: [["Salona (Split)", 43.54, 16.48], ["Iader (Zadar)", 44.12, 15.23], ["Narona", 43.05, 17.63], ["Epidaurum (Cavtat)", 42.58, 18.22], ["Tarsatica (Rijeka)", 45.33, 14.44], ["Scardona (Skradin)", 43.82, 15.92], ["Risinium (Risan)", 42.51, 18.7], ["Senia (Senj)", 44.99, 14.9], ["Doclea (Podgorica)", 42.47, 19.28]],
    epi: [["Dyrrachium (Durres)", 41.32, 19.45], ["Apollonia", 40.72, 19.47], ["Nicopolis", 39.0, 20.73], ["Dodona", 39.55, 20.79], ["Buthrotum (Butrint)", 39.75, 20.02], ["Lissus (Lezhe)", 41.78, 19.64], ["Scodra (Shkoder)", 42.07, 19.51], ["Corcyra (Corfu)", 39.62, 19.92], ["Ambracia (Arta)", 39.16, 20.98], ["Berat", 40.7, 19.95]],
    mac: [["Pella", 40.76, 22.52], ["Thessalonica (Thessaloniki)", 40.64, 22.94], ["Amphipolis", 40.82, 23.85], ["Philippi", 41.01, 24.29], ["Stobi", 41.55, 21.97], ["Heraclea Lyncestis (Bitola)", 41.01, 21.34], ["Scupi (Skopje)", 42.0, 21.43], ["Dion", 40.17, 22.49], ["Pautalia (Kyustendil)", 42.28, 22.69], ["Abdera", 40.94, 24.97], ["Philippopolis (Plovdiv)", 42.14, 24.75]],
    dac: [["Sarmizegetusa", 45.52, 23.31], ["Apulum (Alba Iulia)", 46.07, 23.57], ["Napoca (Cluj)", 46.77, 23.6], ["Porolissum", 47.17, 23.15], ["Tomis (Constanta)", 44.17, 28.65], ["Histria", 44.55, 28.77], ["Odessos (Varna)", 43.2, 27.91], ["Durostorum (Silistra)", 44.1, 27.26], ["Serdica (Sofia)", 42.7, 23.32], ["Oescus", 43.7, 24.47], ["Nicopolis ad Istrum", 43.22, 25.61], ["Drobeta (Turnu Severin)", 44.63, 22.66], ["Romula", 44.12, 24.35], ["Tyras (Bilhorod-Dnistrovskyi)", 46.19, 30.35], ["Bucharest", 44.43, 26.1], ["Iasi", 47.16, 27.59], ["Chisinau", 47.01, 28.86], ["Brasov", 45.65, 25.61]],
    che: [["Chersonesus (Sevastopol)", 44.61, 33.49], ["Panticapaeum (Kerch)", 45.36, 36.47], ["Theodosia (Feodosia)", 45.03, 35.38], ["Olbia", 46.69, 31.9], ["Tanais", 47.27, 39.33], ["Gorgippia (Anapa)", 44.89, 37.32], ["Dioscurias (Sukhumi)", 43.0, 41.02], ["Phasis (Poti)", 42.15, 41.67], ["Neapolis Scythica (Simferopol)", 44.95, 34.1], ["Krasnodar", 45.04, 38.98], ["Stavropol", 45.04, 41.97], ["Kherson", 46.64, 32.62], ["Zaporizhzhia", 47.84, 35.14], ["Rostov-on-Don", 47.24, 39.71], ["Kutaisi", 42.27, 42.7], ["Elista", 46.31, 44.26]],

    // --- Greece, Crete, Cyprus ---
    ath: [["Athenae (Athens)", 37.97, 23.72], ["Thebae (Thebes)", 38.32, 23.32], ["Delphi", 38.48, 22.5], ["Chalcis (Euboea)", 38.46, 23.6], ["Larissa", 39.64, 22.42], ["Lamia", 38.9, 22.43], ["Naupactus (Nafpaktos)", 38.39, 21.83], ["Demetrias (Volos)", 39.36, 22.94], ["Carystus (Euboea)", 38.02, 24.42], ["Thermon", 38.6, 21.67], ["Histiaea (Euboea)", 38.95, 23.1]],
    spa: [["Sparta", 37.08, 22.43], ["Corinth", 37.91, 22.88], ["Olympia", 37.64, 21.63], ["Argos", 37.63, 22.73], ["Messene", 37.18, 21.92], ["Patrae (Patras)", 38.25, 21.73], ["Megalopolis", 37.4, 22.14], ["Epidaurus", 37.6, 23.08]],
    cre: [["Knossos", 35.3, 25.16], ["Gortyn", 35.06, 24.95], ["Cydonia (Chania)", 35.51, 24.02], ["Hierapytna (Ierapetra)", 35.01, 25.74]],
    cyp: [["Salamis", 35.18, 33.9], ["Paphos", 34.76, 32.41], ["Kition (Larnaca)", 34.92, 33.63], ["Soli", 35.14, 32.82], ["Kyrenia", 35.34, 33.32]],

    // --- Asia Minor ---
    byz: [["Byzantium (Istanbul)", 41.01, 28.98], ["Perinthus (Marmara Ereglisi)", 40.97, 27.95], ["Hadrianopolis (Edirne)", 41.68, 26.56], ["Chalcedon (Kadikoy)", 40.99, 29.03], ["Cyzicus", 40.39, 27.89], ["Lampsacus (Lapseki)", 40.35, 26.69], ["Ilion (Troy)", 39.96, 26.24], ["Aenus (Enez)", 40.73, 26.08], ["Apollonia Pontica (Sozopol)", 42.42, 27.7], ["Bizye (Vize)", 41.57, 27.76], ["Dascylium", 40.2, 28.1], ["Prusa (Bursa)", 40.19, 29.06], ["Cotiaeum (Kutahya)", 39.42, 29.98]],
    mil: [["Miletus", 37.53, 27.28], ["Ephesus", 37.94, 27.34], ["Smyrna (Izmir)", 38.42, 27.14], ["Pergamon", 39.12, 27.18], ["Sardis", 38.49, 28.04], ["Halicarnassus (Bodrum)", 37.04, 27.42], ["Laodicea on the Lycus", 37.84, 29.11], ["Mytilene (Lesbos)", 39.11, 26.55], ["Chios", 38.37, 26.14], ["Samos", 37.69, 26.96], ["Cnidus", 36.69, 27.37], ["Caunus", 36.83, 28.62], ["Thyatira (Akhisar)", 38.92, 27.84], ["Rhodes", 36.43, 28.22], ["Cos", 36.89, 27.29], ["Myra", 36.26, 29.98], ["Xanthos", 36.36, 29.32]],
    isa: [["Isaura", 37.2, 32.24], ["Attaleia (Antalya)", 36.89, 30.7], ["Side", 36.77, 31.39], ["Perge", 36.96, 30.85], ["Laranda (Karaman)", 37.18, 33.22], ["Anemurium", 36.02, 32.8], ["Iconium (Konya)", 37.87, 32.49], ["Selinus (Gazipasa)", 36.27, 32.28], ["Sagalassos", 37.68, 30.52]],
    gal: [["Ancyra (Ankara)", 39.93, 32.86], ["Gordion", 39.65, 31.98], ["Pessinus", 39.33, 31.58], ["Tavium", 40.02, 34.36], ["Dorylaeum (Eskisehir)", 39.78, 30.52], ["Amorium", 39.02, 31.29], ["Synnada", 38.52, 30.48], ["Aspona", 39.25, 33.95]],
    bit: [["Nicomedia (Izmit)", 40.77, 29.92], ["Nicaea (Iznik)", 40.43, 29.72], ["Heraclea Pontica (Eregli)", 41.28, 31.42], ["Claudiopolis (Bolu)", 40.74, 31.61], ["Amastris (Amasra)", 41.75, 32.39]],
    sip: [["Sinope", 42.03, 35.15], ["Amisus (Samsun)", 41.29, 36.33], ["Amaseia (Amasya)", 40.65, 35.83], ["Trapezus (Trabzon)", 41.0, 39.72], ["Neocaesarea (Niksar)", 40.59, 36.97], ["Gangra (Cankiri)", 40.6, 33.62], ["Pompeiopolis (Taskopru)", 41.51, 34.21], ["Rhizaion (Rize)", 41.02, 40.52], ["Cerasus (Giresun)", 40.91, 38.39], ["Sebastea (Sivas)", 39.75, 37.02]],
    cap: [["Caesarea Mazaca (Kayseri)", 38.72, 35.49], ["Tarsus", 36.92, 34.9], ["Tyana", 37.83, 34.61], ["Melitene (Malatya)", 38.35, 38.31], ["Adana", 37.0, 35.32], ["Comana", 38.35, 36.33], ["Germanicia (Kahramanmaras)", 37.58, 36.93], ["Archelais (Aksaray)", 38.37, 34.03], ["Anazarbus", 37.26, 35.9]],
    arm: [["Artaxata", 39.88, 44.57], ["Tigranocerta (Silvan)", 38.14, 41.0], ["Theodosiopolis (Erzurum)", 39.9, 41.27], ["Van", 38.49, 43.38], ["Tbilisi", 41.72, 44.79], ["Kars", 40.6, 43.1], ["Satala (Sadak)", 40.03, 39.6], ["Elegeia (Erzincan)", 39.75, 39.49], ["Amida (Diyarbakir)", 37.91, 40.23], ["Mus", 38.75, 41.49]],

    // --- The Levant and Arabia ---
    ant: [["Antiochia (Antakya)", 36.2, 36.16], ["Seleucia Pieria", 36.12, 35.93], ["Laodicea (Latakia)", 35.52, 35.79], ["Beroea (Aleppo)", 36.2, 37.16], ["Apamea", 35.42, 36.4], ["Hierapolis Bambyce (Manbij)", 36.53, 37.95], ["Zeugma", 37.06, 37.87], ["Epiphania (Hama)", 35.13, 36.75]],
    dam: [["Damascus", 33.51, 36.29], ["Palmyra", 34.55, 38.27], ["Dura-Europos", 34.75, 40.73], ["Edessa (Sanliurfa)", 37.16, 38.79], ["Nisibis (Nusaybin)", 37.07, 41.21], ["Carrhae (Harran)", 36.87, 39.03], ["Nicephorium (Raqqa)", 35.95, 39.01], ["Hatra", 35.59, 42.72], ["Nineveh (Mosul)", 36.36, 43.15]],
    sid: [["Sidon", 33.56, 35.37], ["Berytus (Beirut)", 33.89, 35.5], ["Byblos", 34.12, 35.65], ["Tripolis", 34.43, 35.84], ["Heliopolis (Baalbek)", 34.01, 36.2], ["Arados (Arwad)", 34.86, 35.86], ["Caesarea Philippi (Banias)", 33.25, 35.69], ["Mount Hermon", 33.42, 35.86], ["Emesa (Homs)", 34.73, 36.71]],
    tye: [["Tyre", 33.27, 35.2], ["Ptolemais (Acre)", 32.93, 35.08], ["Gadara (Umm Qais)", 32.65, 35.68], ["Scythopolis (Beit She'an)", 32.5, 35.5], ["Kedesh", 33.11, 35.53], ["Tiberias", 32.79, 35.53], ["Sepphoris", 32.75, 35.28]],
    jer: [["Hierosolyma (Jerusalem)", 31.78, 35.23], ["Gaza", 31.5, 34.47], ["Joppa (Jaffa)", 32.05, 34.75], ["Caesarea Maritima", 32.5, 34.89], ["Hebron", 31.53, 35.1], ["Beersheba", 31.25, 34.79], ["Jericho", 31.87, 35.44], ["Philadelphia (Amman)", 31.95, 35.93], ["Madaba", 31.72, 35.79], ["Ma'an", 30.19, 35.73], ["Kerak", 31.18, 35.7], ["Azraq", 31.83, 36.81]],
    pet: [["Petra", 30.33, 35.44], ["Aila (Aqaba)", 29.53, 35.0], ["Humayma", 29.95, 35.35], ["Bir Madhkur", 30.5, 35.1], ["Haql", 29.29, 34.94]],
    nab: [["Hegra (Mada'in Salih)", 26.78, 37.95], ["Dedan (Al-Ula)", 26.62, 37.92], ["Tabuk", 28.38, 36.57], ["Leuke Kome (Al-Wajh)", 26.24, 36.45], ["Yathrib (Medina)", 24.47, 39.61], ["Tayma", 27.63, 38.55], ["Madyan (Al-Bad)", 28.48, 35.02], ["Umluj", 25.02, 37.27], ["Yanbu", 24.09, 38.06], ["Masturah", 23.1, 38.83], ["Rabigh", 22.8, 39.03], ["Sharma", 27.94, 35.27], ["Maqna", 28.41, 34.75]],
    ara: [["Bostra (Bosra)", 32.52, 36.48], ["Dumat al-Jandal", 29.81, 39.87], ["Sakaka", 29.97, 40.21], ["Hail", 27.52, 41.69], ["Qurayyat", 31.33, 37.34], ["Ar'ar", 30.98, 41.04], ["Rutba", 33.04, 40.29], ["Umm al-Jimal", 32.33, 36.37], ["Kanatha (Qanawat)", 32.75, 36.62], ["Philippopolis (Shahba)", 32.86, 36.63]],
    sin: [["Rhinocorura (El Arish)", 31.13, 33.8], ["Mount Sinai", 28.54, 33.97], ["Pharan (Feiran oasis)", 28.7, 33.65], ["Nekhl", 29.9, 33.75], ["Bir el-Abd", 31.02, 33.01], ["Abu Zenima", 29.04, 33.1], ["Taba", 29.49, 34.89], ["Dahab", 28.5, 34.51], ["Sharm el-Sheikh", 27.91, 34.33]],

    // --- Egypt, Libya, Africa ---
    ale: [["Alexandria", 31.2, 29.92], ["Canopus (Abu Qir)", 31.32, 30.06], ["Sais", 30.97, 30.77], ["Naucratis", 30.9, 30.59], ["Buto", 31.2, 30.74], ["Mendes", 30.96, 31.52], ["Tanis", 30.98, 31.88], ["Sebennytos (Samannud)", 30.96, 31.24], ["Taposiris Magna", 30.95, 29.52]],
    mem: [["Memphis (Mit Rahina)", 29.85, 31.25], ["Heliopolis (Cairo)", 30.13, 31.31], ["Crocodilopolis (Faiyum)", 29.31, 30.84], ["Oxyrhynchus", 28.54, 30.66], ["Hermopolis", 27.78, 30.8], ["Lycopolis (Asyut)", 27.18, 31.18], ["Abydos", 26.18, 31.92], ["Herakleopolis", 29.08, 30.93], ["Panopolis (Akhmim)", 26.56, 31.74], ["Wadi Natrun", 30.4, 30.3]],
    thb: [["Thebes (Luxor)", 25.7, 32.64], ["Coptos (Qift)", 26.0, 32.82], ["Bubastis (Zagazig)", 30.58, 31.51], ["Pithom (Tell el-Maskhuta)", 30.55, 32.1], ["Clysma (Suez)", 29.97, 32.55], ["Myos Hormos (Quseir)", 26.1, 34.28], ["Berenice Troglodytica", 23.91, 35.47], ["Marsa Alam", 25.07, 34.89], ["Shalateen", 23.13, 35.59], ["Halaib", 22.22, 36.64], ["Zafarana", 29.11, 32.65], ["Ain Sokhna", 29.6, 32.35], ["Mons Claudianus", 26.81, 33.49], ["Mons Porphyrites", 27.25, 33.3], ["Hurghada", 27.26, 33.81], ["Ras Gharib", 28.36, 33.08]],
    bay: [["Abu Simbel", 22.34, 31.63], ["Syene (Aswan)", 24.09, 32.9], ["Philae", 24.03, 32.88], ["Buhen (Wadi Halfa)", 21.88, 31.33], ["Kharga oasis", 25.45, 30.55], ["Dakhla oasis", 25.5, 29.0], ["Selima oasis", 21.37, 29.32], ["Kom Ombo", 24.45, 32.93]],
    mar: [["Siwa (Oasis of Ammon)", 29.2, 25.52], ["Bahariya oasis", 28.35, 28.86], ["Farafra oasis", 27.06, 27.97], ["Qattara depression", 29.5, 27.5], ["Jaghbub", 29.74, 24.52], ["Augila (Awjila)", 29.11, 21.29], ["Jalu", 29.03, 21.55]],
    cyr: [["Cyrene (Shahhat)", 32.82, 21.86], ["Berenice (Benghazi)", 32.12, 20.07], ["Ptolemais", 32.71, 20.95], ["Apollonia (Susa)", 32.9, 21.97], ["Darnis (Derna)", 32.76, 22.64], ["Antipyrgos (Tobruk)", 32.08, 23.96], ["Paraetonium (Marsa Matruh)", 31.35, 27.24], ["Sidi Barrani", 31.61, 25.93], ["Agedabia (Ajdabiya)", 30.76, 20.22], ["El Alamein", 30.83, 28.95], ["Bardia", 31.76, 25.08]],
    lep: [["Leptis Magna", 32.64, 14.29], ["Oea (Tripoli)", 32.89, 13.19], ["Sabratha", 32.8, 12.48], ["Thubactis (Misrata)", 32.38, 15.09], ["Macomades (Sirte)", 31.2, 16.59], ["Arae Philaenorum", 30.28, 18.85], ["Bani Walid", 31.76, 14.0], ["Gheriat", 30.39, 13.58], ["Brega", 30.41, 19.58]],
    num: [["Tacape (Gabes)", 33.88, 10.1], ["Capsa (Gafsa)", 34.43, 8.78], ["Meninx (Djerba)", 33.8, 10.9], ["Gigthis", 33.53, 10.67], ["Thusuros (Tozeur)", 33.92, 8.13], ["Nefzaoua (Kebili)", 33.7, 8.97], ["Tataouine", 32.93, 10.45], ["Thelepte", 34.97, 8.58]],
    tha: [["Thapsus", 35.62, 11.05], ["Hadrumetum (Sousse)", 35.83, 10.64], ["Thysdrus (El Djem)", 35.3, 10.71], ["Taparura (Sfax)", 34.74, 10.76], ["Leptis Minor", 35.67, 10.86], ["Acholla", 35.04, 11.04], ["Sufetula (Sbeitla)", 35.24, 9.13], ["Kairouan", 35.68, 10.1], ["Mactaris", 35.85, 9.2]],
    car: [["Carthago (Carthage)", 36.85, 10.33], ["Utica", 37.06, 10.06], ["Hippo Regius (Annaba)", 36.88, 7.75], ["Rusicade (Skikda)", 36.88, 6.9], ["Igilgili (Jijel)", 36.82, 5.77], ["Saldae (Bejaia)", 36.75, 5.08], ["Hippo Diarrhytus (Bizerte)", 37.27, 9.87], ["Thabraca (Tabarka)", 36.95, 8.76], ["Rusuccuru (Dellys)", 36.91, 3.91], ["Iomnium (Tigzirt)", 36.89, 4.12], ["Clupea (Kelibia)", 36.85, 11.09], ["Neapolis (Nabeul)", 36.45, 10.73], ["Thugga (Dougga)", 36.42, 9.22]],
    cir: [["Cirta (Constantine)", 36.37, 6.61], ["Sitifis (Setif)", 36.19, 5.41], ["Theveste (Tebessa)", 35.4, 8.12], ["Lambaesis", 35.49, 6.26], ["Thamugadi (Timgad)", 35.48, 6.47], ["Sicca Veneria (El Kef)", 36.18, 8.71], ["Auzia (Sour El-Ghozlane)", 36.15, 3.69], ["Madauros (M'Daourouch)", 36.08, 7.82], ["Biskra", 34.85, 5.73], ["Calama (Guelma)", 36.46, 7.43], ["Ouargla", 31.95, 5.33], ["Laghouat", 33.8, 2.88], ["El Oued", 33.37, 6.86]],
    mau: [["Tingis (Tangier)", 35.77, -5.8], ["Volubilis", 34.07, -5.55], ["Lixus (Larache)", 35.2, -6.11], ["Sala (Rabat)", 34.01, -6.84], ["Rusaddir (Melilla)", 35.29, -2.94], ["Siga", 35.26, -1.45], ["Portus Magnus (Bethioua)", 35.8, -0.27], ["Iol Caesarea (Cherchell)", 36.6, 2.19], ["Icosium (Algiers)", 36.75, 3.06], ["Pomaria (Tlemcen)", 34.88, -1.32], ["Septem (Ceuta)", 35.89, -5.32], ["Tamuda (Tetouan)", 35.57, -5.37], ["Fez", 34.03, -5.0], ["Oran", 35.7, -0.63], ["Medea", 36.26, 2.75], ["Casablanca", 33.57, -7.59]],
    pha: [["Garama (Germa)", 26.55, 13.07], ["Murzuk", 25.92, 13.92], ["Cidamus (Ghadames)", 30.13, 9.5], ["Sabha", 27.04, 14.43], ["Waddan", 29.16, 16.14], ["Zuwila", 26.17, 15.11], ["Mizda", 31.45, 12.98], ["Ubari", 26.59, 12.78], ["Hun", 29.13, 15.94], ["Tazirbu", 25.67, 21.03], ["Ghat", 24.96, 10.18], ["Kufra", 24.18, 23.31]],
    sah: [["Sijilmasa (Rissani)", 31.28, -4.27], ["Tamanrasset", 22.79, 5.53], ["In Salah", 27.2, 2.47], ["Tindouf", 27.67, -8.15], ["Djanet", 24.55, 9.48], ["Timimoun", 29.26, 0.23], ["Adrar", 27.87, -0.29], ["Bardai (Tibesti)", 21.35, 17.0], ["Uweinat", 21.9, 25.0], ["Illizi", 26.48, 8.47], ["Bechar", 31.62, -2.22], ["Zagora", 30.33, -5.84], ["Taoudenni", 22.68, -3.98]],
  },
};
