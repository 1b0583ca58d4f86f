package pages

import (
	"fmt"
	"html/template"
	"strings"

	"puzzlejudge/reference/floodit"
)

func init() {
	drawers["floodit"] = drawWith(floodit.ParseCase, func(l *locale, id string, b floodit.Board) template.HTML {
		return drawFlood(l, id, b.Rows())
	})
	players["floodit"] = player{Sep: " ", Buttons: floodButtons,
		Help: "play_help_floodit"}
}

// floodButtons is the palette of a board: one button per colour.
func floodButtons(l *locale, input string) []playButton {
	b, err := floodit.ParseCase(input)
	if err != nil {
		return nil
	}
	out := make([]playButton, b.Colors())
	for k := range out {
		c := colourOf(k)
		out[k] = playButton{Move: fmt.Sprint(k), Label: fmt.Sprint(k), Title: l.text("play_button_floodit", "Colour", k, "Name", l.colourName(k)), Fill: c.Fill, Ink: c.Ink}
		if k < 10 {
			out[k].Key = fmt.Sprint(k)
		}
	}
	return out
}

// colourName is the name of colour k (its palette entry's) in the
// language of l.
func (l *locale) colourName(k int) string {
	return l.text("colour_" + strings.ReplaceAll(colourOf(k).Name, " ", "_"))
}

// floodCell is the side of one Flood-it square in picture units; a 30x30
// board (the engine's largest) is then 720 units wide, which CSS scales down.
const floodCell = 24

// drawFlood draws a Flood-it board given row by row as colour numbers: a grid
// of coloured, patterned and numbered squares, with the top-left square (where
// the flood starts) outlined.
func drawFlood(l *locale, id string, rows [][]int) template.HTML {
	n := len(rows)
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	const pad = 4
	// Small boards are enlarged and large ones reduced, so that every board
	// reads well beside its text.
	display := min(max(width*floodCell*3/2, 150), 420)
	w := newSVG(id, width*floodCell+2*pad, n*floodCell+2*pad, display,
		l.text("svg_floodit_label", "Rows", n, "Cols", width))

	var used [len(palette)]bool
	for _, r := range rows {
		for _, k := range r {
			used[colourIndex(k)] = true
		}
	}
	w.patternDefs(&used)
	for i, r := range rows {
		for j, k := range r {
			title := l.text("svg_floodit_cell", "Row", i+1, "Col", j+1, "Colour", k, "Name", l.colourName(k))
			w.cell(pad+j*floodCell, pad+i*floodCell, floodCell, k, title, true)
		}
	}
	if n > 0 && width > 0 {
		w.raw(`<rect class="start" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#000" stroke-width="3"><title>%s</title></rect>`,
			pad, pad, floodCell, floodCell, template.HTMLEscapeString(l.text("svg_floodit_start")))
	}
	return w.html()
}
