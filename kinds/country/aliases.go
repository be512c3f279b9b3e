package country

// The names CLDR's display data does not hold, kept here as data with one
// owner. Every name is matched as the index matches every name: letter
// case, diacritics, punctuation and a leading "the" do not count, and "&"
// is "and", "St." is "Saint".

// aliases are other names and common codes of one country: official
// (ISO 3166-1 full) names, names in the other official languages of a
// country, former and colloquial names, and the abbreviations of its name
// in the library's languages (ČR, SRN and RFN for Germany in Czech and
// Polish, SAE/EAU/ZEA/VAE for the Emirates, VB for Britain, RP for Poland,
// RF for Russia, EE.UU. and EUA for the United States, RPA for South
// Africa). A name that belongs to several
// countries is listed under each; the index then asks which one is meant.
var aliases = [...]struct {
	code  string
	names []string
}{
	{"AE", []string{"UAE", "U.A.E.", "Emirates", "Al Imarat", "SAE", "EAU", "ZEA", "VAE"}},
	{"AF", []string{"Islamic Republic of Afghanistan", "Islamic Emirate of Afghanistan"}},
	{"AL", []string{"Republic of Albania"}},
	{"AM", []string{"Republic of Armenia"}},
	{"AR", []string{"Argentine Republic"}},
	{"AT", []string{"Republic of Austria", "Republik Österreich", "Oesterreich"}},
	{"AU", []string{"Commonwealth of Australia"}},
	{"AZ", []string{"Republic of Azerbaijan"}},
	{"BA", []string{"Bosnia-Herzegovina", "Bosna i Hercegovina"}},
	{"BD", []string{"People's Republic of Bangladesh"}},
	{"BE", []string{"Kingdom of Belgium", "Belgique", "Belgien", "Royaume de Belgique", "Koninkrijk België"}},
	{"BG", []string{"Republic of Bulgaria"}},
	{"BN", []string{"Brunei Darussalam", "Nation of Brunei"}},
	{"BO", []string{"Plurinational State of Bolivia", "Bolivia, Plurinational State of"}},
	{"BR", []string{"Federative Republic of Brazil", "Brasil"}},
	{"BS", []string{"Commonwealth of The Bahamas", "The Bahamas"}},
	{"BY", []string{"Republic of Belarus", "Byelorussia", "Belorussia"}},
	{"CD", []string{"Democratic Republic of the Congo", "DR Congo", "DRC", "D.R.C.", "Congo-Kinshasa", "Congo, the Democratic Republic of the", "Zaire", "République démocratique du Congo", "RDC"}},
	{"CF", []string{"CAR", "Central African Rep."}},
	{"CG", []string{"Republic of the Congo", "Congo-Brazzaville", "Congo Republic", "Congo, Republic of the", "République du Congo",
		"ROC"}}, // also Taiwan's (Republic of China): asked
	{"CH", []string{"Swiss Confederation", "Suisse", "Svizzera", "Svizra", "Confoederatio Helvetica", "Helvetia", "Schweizerische Eidgenossenschaft"}},
	{"CI", []string{"Ivory Coast", "Republic of Côte d'Ivoire", "Cote d'Ivoire"}},
	{"CL", []string{"Republic of Chile"}},
	{"CN", []string{"People's Republic of China", "PRC", "P.R.C.", "Mainland China", "中國", "Zhongguo"}},
	{"CO", []string{"Republic of Colombia"}},
	{"CU", []string{"Republic of Cuba"}},
	{"CV", []string{"Cabo Verde", "Cape Verde", "Republic of Cabo Verde"}},
	{"CY", []string{"Republic of Cyprus"}},
	{"CZ", []string{"Czech Republic", "Česká republika", "Czech Rep.", "Czech", "ČR"}},
	{"DE", []string{"Federal Republic of Germany", "Bundesrepublik Deutschland", "FRG", "BRD", "SRN", "RFN"}},
	{"DK", []string{"Kingdom of Denmark", "Kongeriget Danmark"}},
	{"DO", []string{"Dominican Rep."}},
	{"DZ", []string{"People's Democratic Republic of Algeria"}},
	{"EE", []string{"Republic of Estonia", "Eesti Vabariik"}},
	{"EG", []string{"Arab Republic of Egypt"}},
	{"ES", []string{"Kingdom of Spain", "Reino de España"}},
	{"FI", []string{"Republic of Finland", "Suomen tasavalta"}},
	{"FM", []string{"Federated States of Micronesia", "Micronesia, Federated States of"}},
	{"FR", []string{"French Republic", "République française"}},
	{"GB", []string{"UK", "U.K.", "VB", "VK", "Great Britain", "Britain", "United Kingdom of Great Britain and Northern Ireland", "England", "Scotland", "Wales", "Northern Ireland"}},
	{"GR", []string{"EL", "Hellenic Republic", "Hellas", "Ellada", "Elláda"}},
	{"HK", []string{"Hong Kong", "Hong Kong SAR", "Hongkong", "香港"}},
	{"HR", []string{"Republic of Croatia", "Republika Hrvatska"}},
	{"HU", []string{"Magyar Köztársaság"}},
	{"ID", []string{"Republic of Indonesia"}},
	{"IE", []string{"Republic of Ireland", "Éire", "Eire"}},
	{"IL", []string{"State of Israel"}},
	{"IN", []string{"Republic of India", "Bharat"}},
	{"IQ", []string{"Republic of Iraq"}},
	{"IR", []string{"Islamic Republic of Iran", "Iran, Islamic Republic of", "Persia"}},
	{"IS", []string{"Republic of Iceland"}},
	{"IT", []string{"Italian Republic", "Repubblica Italiana"}},
	{"JP", []string{"Nippon", "Nihon"}},
	{"KG", []string{"Kyrgyz Republic", "Kirghizia"}},
	{"KH", []string{"Kingdom of Cambodia", "Kampuchea"}},
	{"KN", []string{"Saint Christopher and Nevis"}},
	{"KP", []string{"Democratic People's Republic of Korea", "Korea, Democratic People's Republic of", "DPRK", "D.P.R.K.", "DPR Korea"}},
	{"KR", []string{"Republic of Korea", "Korea, Republic of", "ROK"}},
	{"KZ", []string{"Republic of Kazakhstan"}},
	{"LA", []string{"Lao People's Democratic Republic", "Lao PDR", "Lao"}},
	{"LI", []string{"Principality of Liechtenstein", "Fürstentum Liechtenstein"}},
	{"LT", []string{"Republic of Lithuania", "Lietuvos Respublika"}},
	{"LU", []string{"Grand Duchy of Luxembourg", "Luxemburg", "Lëtzebuerg", "Grand-Duché de Luxembourg"}},
	{"LV", []string{"Republic of Latvia", "Latvijas Republika"}},
	{"MC", []string{"Principality of Monaco"}},
	{"MD", []string{"Republic of Moldova", "Moldova, Republic of", "Moldavia"}},
	{"ME", []string{"Crna Gora"}},
	{"MK", []string{"North Macedonia", "Republic of North Macedonia", "FYROM", "Former Yugoslav Republic of Macedonia", "Severna Makedonija"}},
	{"MM", []string{"Republic of the Union of Myanmar"}},
	{"MO", []string{"Macao", "Macau", "Macao SAR", "Macau SAR", "澳門"}},
	{"MT", []string{"Republic of Malta"}},
	{"MX", []string{"United Mexican States", "Estados Unidos Mexicanos"}},
	{"MY", []string{"Federation of Malaysia"}},
	{"NL", []string{"Holland", "Kingdom of the Netherlands", "Koninkrijk der Nederlanden", "The Netherlands"}},
	{"NO", []string{"Kingdom of Norway", "Kongeriket Norge", "Noreg"}},
	{"NZ", []string{"Aotearoa"}},
	{"PH", []string{"Republic of the Philippines", "Pilipinas"}},
	{"PK", []string{"Islamic Republic of Pakistan"}},
	{"PL", []string{"Republic of Poland", "Rzeczpospolita Polska", "RP"}},
	{"PS", []string{"Palestine", "State of Palestine", "Palestine, State of"}},
	{"PT", []string{"Portuguese Republic", "República Portuguesa"}},
	{"RO", []string{"Roumania", "Rumania"}},
	{"RS", []string{"Republic of Serbia", "Republika Srbija"}},
	{"RU", []string{"Russian Federation", "Rossiya", "Российская Федерация", "RF", "РФ"}},
	{"SA", []string{"Kingdom of Saudi Arabia", "KSA"}},
	{"SE", []string{"Kingdom of Sweden", "Konungariket Sverige"}},
	{"SI", []string{"Republic of Slovenia", "Republika Slovenija"}},
	{"SK", []string{"Slovak Republic", "Slovenská republika"}},
	{"SX", []string{"St. Maarten",
		"Saint Martin", "St. Martin", "St Martin"}}, // the island's name: its Dutch half too, asked
	{"SY", []string{"Syrian Arab Republic"}},
	{"SZ", []string{"Eswatini", "Kingdom of Eswatini"}},
	{"TL", []string{"East Timor", "Timor Leste", "Democratic Republic of Timor-Leste"}},
	{"TR", []string{"Türkiye", "Turkiye", "Republic of Türkiye", "Republic of Turkey"}},
	{"TW", []string{"Republic of China", "ROC", "Taiwan, Province of China", "臺灣", "台灣", "Chinese Taipei"}},
	{"TZ", []string{"United Republic of Tanzania", "Tanzania, United Republic of"}},
	{"UA", []string{"Ukraina"}},
	{"US", []string{"USA", "U.S.A.", "U.S.", "United States of America", "the States", "EE.UU.", "EUA"}},
	{"VA", []string{"Holy See", "Vatican", "Holy See (Vatican City State)", "Vatican City State", "Città del Vaticano"}},
	{"VE", []string{"Bolivarian Republic of Venezuela", "Venezuela, Bolivarian Republic of"}},
	{"VN", []string{"Viet Nam", "Socialist Republic of Vietnam"}},
	{"ZA", []string{"Republic of South Africa", "RSA", "RPA"}},
}

// statisticalNames are the names statistical tables (the World Bank's,
// the UN's M49 list, ISO 3166-1's English short names) give countries
// where no rule reads them from another name: the part of an island a
// country holds, a territory named by its parts, a sovereign after a
// comma. The rules read the rest: a name turned around after a comma or in
// parentheses, their abbreviations (Dem., Rep., Fed. Sts., SAR, RB), and
// the, of and and left out ("Congo, Dem. Rep.", "St. Vincent and the
// Grenadines").
var statisticalNames = [...]struct {
	code  string
	names []string
}{
	{"SX", []string{"Sint Maarten (Dutch part)", "Sint Maarten, Dutch part"}},
	{"MF", []string{"St. Martin (French part)", "Saint Martin (French part)", "Saint-Martin (French part)", "St. Martin, French part"}},
	{"PS", []string{"West Bank and Gaza", "West Bank and Gaza Strip", "Occupied Palestinian Territory", "Palestinian Territories", "Palestinian Territory"}},
	{"HK", []string{"Hong Kong SAR, China", "China, Hong Kong SAR", "China, Hong Kong Special Administrative Region", "Hong Kong Special Administrative Region of China"}},
	{"MO", []string{"Macao SAR, China", "Macau SAR, China", "China, Macao SAR", "China, Macao Special Administrative Region", "Macao Special Administrative Region of China"}},
	{"TW", []string{"Taiwan, China"}},
	{"HM", []string{"Heard Island and McDonald Islands"}},
	{"SH", []string{"Saint Helena, Ascension and Tristan da Cunha", "Saint Helena, Ascension and Tristan Da Cunha"}},
	{"BQ", []string{"Bonaire, Sint Eustatius and Saba"}},
	{"FK", []string{"Falkland Islands (Malvinas)"}},
	{"WF", []string{"Wallis and Futuna Islands"}},
	{"SJ", []string{"Svalbard and Jan Mayen Islands"}},
	{"VI", []string{"United States Virgin Islands"}},
	{"VG", []string{"British Virgin Islands"}},
	{"UM", []string{"United States Minor Outlying Islands"}},
	{"IO", []string{"British Indian Ocean Territory"}},
}

// successors are withdrawn ISO 3166-1 alpha-2 codes and the countries that
// hold their territory today. One successor reads as that country with a
// note; several are an ask naming each.
var successors = [...]successor{
	{"AN", "the Netherlands Antilles", []string{"BQ", "CW", "SX"}},
	{"BU", "Burma", []string{"MM"}},
	{"CS", "Czechoslovakia, later Serbia and Montenegro", []string{"CZ", "SK", "RS", "ME"}},
	{"DD", "East Germany", []string{"DE"}},
	{"FX", "Metropolitan France", []string{"FR"}},
	{"NT", "the Neutral Zone", []string{"SA", "IQ"}},
	{"SU", "the Soviet Union", []string{"RU", "UA", "BY", "MD", "EE", "LV", "LT", "GE", "AM", "AZ", "KZ", "KG", "TJ", "TM", "UZ"}},
	{"TP", "East Timor", []string{"TL"}},
	{"YU", "Yugoslavia", []string{"RS", "ME", "SI", "HR", "BA", "MK", "XK"}},
	{"ZR", "Zaire", []string{"CD"}},
}

// successors3 are the withdrawn alpha-3 codes (ISO 3166-3), read like the
// alpha-2 ones: one successor is a value with a note, several an ask.
// Czechoslovakia (CSK) and Serbia and Montenegro (SCG) shared the alpha-2
// CS, but not an alpha-3 code.
var successors3 = [...]successor{
	{"ANT", "the Netherlands Antilles", []string{"BQ", "CW", "SX"}},
	{"BUR", "Burma", []string{"MM"}},
	{"CSK", "Czechoslovakia", []string{"CZ", "SK"}},
	{"SCG", "Serbia and Montenegro", []string{"RS", "ME"}},
	{"DDR", "East Germany", []string{"DE"}},
	{"FXX", "Metropolitan France", []string{"FR"}},
	{"NTZ", "the Neutral Zone", []string{"SA", "IQ"}},
	{"SUN", "the Soviet Union", []string{"RU", "UA", "BY", "MD", "EE", "LV", "LT", "GE", "AM", "AZ", "KZ", "KG", "TJ", "TM", "UZ"}},
	{"TMP", "East Timor", []string{"TL"}},
	{"YUG", "Yugoslavia", []string{"RS", "ME", "SI", "HR", "BA", "MK", "XK"}},
	{"ZAR", "Zaire", []string{"CD"}},
}

// formerNames are names of countries that no longer exist, read like the
// codes above: one successor is that country, several are an ask.
var formerNames = [...]struct {
	name string
	now  []string
}{
	{"Czechoslovakia", []string{"CZ", "SK"}},
	{"Yugoslavia", []string{"RS", "ME", "SI", "HR", "BA", "MK", "XK"}},
	{"Serbia and Montenegro", []string{"RS", "ME"}},
	{"Soviet Union", []string{"RU", "UA", "BY", "MD", "EE", "LV", "LT", "GE", "AM", "AZ", "KZ", "KG", "TJ", "TM", "UZ"}},
	{"USSR", []string{"RU", "UA", "BY", "MD", "EE", "LV", "LT", "GE", "AM", "AZ", "KZ", "KG", "TJ", "TM", "UZ"}},
	{"Netherlands Antilles", []string{"BQ", "CW", "SX"}},
	// One successor each: read as it, with a note.
	{"Ceylon", []string{"LK"}},
	{"Siam", []string{"TH"}},
	{"Upper Volta", []string{"BF"}},
	{"Dahomey", []string{"BJ"}},
	{"East Germany", []string{"DE"}},
	{"West Germany", []string{"DE"}},
	{"Rhodesia", []string{"ZW"}},
	{"Southern Rhodesia", []string{"ZW"}},
	{"Northern Rhodesia", []string{"ZM"}},
	{"Abyssinia", []string{"ET"}},
	{"Bechuanaland", []string{"BW"}},
	{"Basutoland", []string{"LS"}},
	{"Nyasaland", []string{"MW"}},
	{"Gold Coast", []string{"GH"}},
	{"Dutch Guiana", []string{"SR"}},
	{"British Honduras", []string{"BZ"}},
	{"East Pakistan", []string{"BD"}},
	{"Khmer Republic", []string{"KH"}},
	{"Tanganyika", []string{"TZ"}},
	{"Portuguese Guinea", []string{"GW"}},
	{"French Sudan", []string{"ML"}},
	{"Ubangi-Shari", []string{"CF"}},
	{"Spanish Guinea", []string{"GQ"}},
	{"New Hebrides", []string{"VU"}},
	{"Malagasy Republic", []string{"MG"}},
}

// stopWord reports whether w is one of the words a partial name may not
// consist of alone: they name no country on their own ("Islands",
// "Republic"). A switch, not a map, so that importing the package
// allocates nothing.
func stopWord(w string) bool {
	switch w {
	case "and", "of", "the", "islands", "island", "republic", "saint", "north", "south", "east", "west", "northern", "southern", "eastern", "western", "united", "states", "state", "kingdom", "democratic", "federal", "peoples", "people", "new", "great", "sar", "central", "arab", "us", "u", "s", "british", "french", "american", "equatorial", "territory", "territories", "federation", "union", "rep", "st", "da", "de", "del":
		return true
	}
	return false
}
