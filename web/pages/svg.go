package pages

import (
	"fmt"
	"html/template"
	"strings"
)

// The board pictures are inline SVG built by hand: every value written into
// them is an integer or a string produced here, and the few strings are still
// escaped, so a picture can be marked template.HTML without trusting a user.

// paletteEntry is one colour of the boards: its fill, the colour of the digit
// drawn on it (chosen for contrast) and the name read out on hover.
type paletteEntry struct {
	Fill, Ink, Name string
}

// palette starts with the Okabe-Ito colours, which stay apart for the common
// forms of colour blindness, and goes on with lighter and darker tints for the
// larger Flood-it boards. Colour alone never carries the meaning: every cell
// also shows its number, a pattern (see patternFor) and a <title>.
var palette = [16]paletteEntry{
	{"#E69F00", "#000", "orange"},
	{"#56B4E9", "#000", "sky blue"},
	{"#009E73", "#fff", "green"},
	{"#F0E442", "#000", "yellow"},
	{"#0072B2", "#fff", "blue"},
	{"#D55E00", "#fff", "vermillion"},
	{"#CC79A7", "#000", "pink"},
	{"#7F7F7F", "#fff", "grey"},
	{"#FFD27F", "#000", "light orange"},
	{"#A9DAF4", "#000", "light blue"},
	{"#005E45", "#fff", "dark green"},
	{"#F8F1A0", "#000", "pale yellow"},
	{"#003F63", "#fff", "navy"},
	{"#8A3D00", "#fff", "brown"},
	{"#E9BCD5", "#000", "light pink"},
	{"#2B2B2B", "#fff", "black"},
}

// colourOf returns the palette entry of colour k; numbers beyond the palette
// (which the engines' limits rule out) wrap rather than panic.
func colourOf(k int) paletteEntry {
	return palette[colourIndex(k)]
}

// colourIndex maps any colour number onto the palette.
func colourIndex(k int) int {
	k %= len(palette)
	if k < 0 {
		k += len(palette)
	}
	return k
}

// patterns are the overlays that tell colours apart without colour vision:
// SVG path data drawn in a 10x10 tile. The first entry is plain.
var patterns = [8]string{
	"",
	"M0 10L10 0",               // rising diagonal
	"M2 2h1v1h-1zM7 7h1v1h-1z", // dots
	"M0 5h10",                  // horizontal
	"M5 0v10",                  // vertical
	"M0 5h10M5 0v10",           // cross
	"M0 0L10 10",               // falling diagonal
	"M0 10L10 0M0 0L10 10",     // crosshatch
}

// patternFor returns the index in patterns used for colour k; colours that
// share a pattern (k and k+8) differ in lightness, and both show their number.
func patternFor(k int) int {
	return colourIndex(k) % len(patterns)
}

// svgWriter accumulates one picture. id prefixes every element id, so that
// several pictures on one page never share the ids of their patterns. The
// picture is drawn in its own units (viewBox) and shown display pixels wide.
type svgWriter struct {
	b  strings.Builder
	id string
}

func newSVG(id string, width, height, display int, label string) *svgWriter {
	w := &svgWriter{id: cleanID(id)}
	width, height = max(width, 1), max(height, 1)
	fmt.Fprintf(&w.b, `<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		width, height, display, display*height/width, template.HTMLEscapeString(label))
	fmt.Fprintf(&w.b, `<title>%s</title>`, template.HTMLEscapeString(label))
	return w
}

// cleanID keeps only the characters that are safe in an XML id and a CSS
// url(), behind a fixed prefix so that the id always starts with a letter.
func cleanID(s string) string {
	b := []byte("b-")
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b = append(b, byte(r))
		}
	}
	return string(b)
}

// patternDefs writes one <pattern> per palette entry marked in used (indexed
// by colourIndex), so that cells can be overlaid with fill="url(#id-pK)".
func (w *svgWriter) patternDefs(used *[len(palette)]bool) {
	w.b.WriteString("<defs>")
	for k, ok := range used {
		p := patterns[patternFor(k)]
		if !ok || p == "" {
			continue
		}
		fmt.Fprintf(&w.b, `<pattern id="%s-p%d" width="10" height="10" patternUnits="userSpaceOnUse"><path d="%s" stroke="%s" stroke-width="1.2" stroke-opacity="0.55" fill="none"/></pattern>`,
			w.id, k, p, colourOf(k).Ink)
	}
	w.b.WriteString("</defs>")
}

// cell draws one coloured square of size s at (x, y) with colour k, its
// pattern, its number and a hover title.
func (w *svgWriter) cell(x, y, s, k int, title string, withPattern bool) {
	c := colourOf(k)
	fmt.Fprintf(&w.b, `<g class="cell"><title>%s</title>`, template.HTMLEscapeString(title))
	fmt.Fprintf(&w.b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#333" stroke-width="1"/>`, x, y, s, s, c.Fill)
	if withPattern && patterns[patternFor(k)] != "" {
		fmt.Fprintf(&w.b, `<rect x="%d" y="%d" width="%d" height="%d" fill="url(#%s-p%d)"/>`, x, y, s, s, w.id, colourIndex(k))
	}
	// The number is outlined in the cell's colour so that it stays legible
	// over the pattern.
	fmt.Fprintf(&w.b, `<text x="%d" y="%d" font-size="%d" text-anchor="middle" dominant-baseline="central" fill="%s" stroke="%s" stroke-width="3" paint-order="stroke">%d</text>`,
		x+s/2, y+s/2, s*11/24, c.Ink, c.Fill, k)
	w.b.WriteString("</g>")
}

// text writes a label at (x, y), centred.
func (w *svgWriter) text(x, y, size int, class, s string) {
	fmt.Fprintf(&w.b, `<text x="%d" y="%d" font-size="%d" text-anchor="middle" dominant-baseline="central" class="%s">%s</text>`,
		x, y, size, class, template.HTMLEscapeString(s))
}

func (w *svgWriter) raw(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

func (w *svgWriter) html() template.HTML {
	w.b.WriteString("</svg>")
	return template.HTML(w.b.String())
}
