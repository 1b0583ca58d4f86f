package api

import "puzzlejudge/web/wire"

// score is a score in an answer: 0 to 100, written with at most two
// decimals (wire.Score).
type score = wire.Score
