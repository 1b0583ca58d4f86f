package httpx

import "strconv"

// BoardETag is the ETag of a contest's board (its version) as one view
// shows it: the jury's live board, the frozen one, or the open one show
// the same version differently. The API and the pages answer it, and 304
// to an If-None-Match that names it.
func BoardETag(version int64, frozen, live bool) string {
	view := "p"
	switch {
	case live:
		view = "j"
	case frozen:
		view = "f"
	}
	return `"` + strconv.FormatInt(version, 10) + view + `"`
}
