"""Where a card's name may break at the end of a line on its tile: the long words of the card
names, hyphenated by hand.

A name on a small tile (11 px at the least, to stay readable) often has a word wider than the
tile. Left to itself the browser splits such a word anywhere ("Lumberjac|k"); `hyphens: auto`
would hyphenate it properly only where the browser has a dictionary for the language, and
headless Chromium on Linux has none. So the tile gets the name with soft hyphens (U+00AD) at
the points below, where the browser breaks a word that does not fit, and shows the hyphen.

Every word of eight letters or more in a card name needs its entry (tests/web/texts/
test_hyphens.py reads the card files); a hyphen in an entry marks a break point.
"""

import re

SOFT_HYPHEN = "\u00ad"

_EN = """
Ad-min-is-tra-tor Car-pen-ter Ca-the-dral Cath-er-ine Cer-e-mo-nies Col-lec-tor Con-trol-ler
Debt-or Fire-house Her-mit-age Hos-pi-tal Lieu-ten-ant Lum-ber-jack Ma-ri-in-ski Ma-ri-in-skij
Ma-ri-in-sky Man-ag-er Mer-chant Min-is-ter Mis-tress Ob-ser-va-to-ry Ob-shchi-na Pa-tri-arch
Pe-ter-hof Pe-ters-burg Pick-pock-et Po-tem-kin Pot-jem-kin Pot-jom-kin Res-ur-rec-tion
Rev-o-lu-tion
Sec-re-tary Shep-herd So-ci-ety Su-per-star Syc-o-phant The-ater Uni-ver-si-ty Veg-e-ta-ble
Ware-house Work-shop
"""

_DE = """
Aka-de-mie Ap-fel-gar-ten Ap-fel-kis-te Auf-er-ste-hungs-kir-che Au-ßen-mi-nis-ter Bau-meis-ter
Bi-blio-thek Bür-ger-meis-ter Dop-pel-zug Ere-mi-ta-ge Feu-er-wehr Fisch-korb Geld-ein-trei-ber
Ge-mü-se-gar-ten Ge-mü-se-korb Ge-sell-schaft Ge-trei-de Ge-trei-de-sack Gold-esel
Gold-grä-ber Gold-schmie-de Han-dels-gil-de Han-dels-haus Hoch-stap-ler Hof-meis-te-rin
Holz-fäl-ler Hüh-ner-stall Isaaks-ka-the-dra-le Kaf-fee-haus Kam-mer-zo-fe
Ka-tha-ri-nen-pa-last Kauf-mann Kohl-kopf Kol-cho-se Kon-trol-leur Kran-ken-haus
Kürsch-ne-rei La-ger-haus La-ger-ver-wal-ter Leut-nant Ma-ri-in-skij Neu-bau-er
Ok-to-ber-re-vo-lu-ti-on Pa-tri-arch Pelz-jä-ger Pe-ter-hof Pe-ters-bur-ger Po-tem-kin-sches
Pot-jem-kin Pot-jem-kin-sches Schiff-bau-er Schnor-rer Schrei-ne-rei Schuld-turm Schwarz-markt
Se-kre-tär Smol-ny Ka-the-dra-le Stern-war-te Steu-er-ein-trei-ber Su-per-star Ta-schen-dieb
Tex-til-fa-brik The-a-ter Uni-ver-si-tät Ver-wal-ter Waf-fen-meis-ter Win-ter-pa-last
Zim-mer-mann Zoll-haus ver-kau-fen
"""


def _table(entries: str) -> dict[str, str]:
    return {entry.replace("-", ""): entry for entry in entries.split()}


BREAKS: dict[str, dict[str, str]] = {"en": _table(_EN), "de": _table(_DE)}
WORD = re.compile(r"[^\W\d_]+")  # a run of letters: "Debtor's" holds "Debtor" and "s"


def hyphenated(name: str, language: str) -> str:
    """`name` with a soft hyphen at each break point of its long words (in `language`)."""
    table = BREAKS.get(language, {})

    def soft(word: re.Match) -> str:
        return table.get(word.group(0), word.group(0)).replace("-", SOFT_HYPHEN)

    return WORD.sub(soft, name)
