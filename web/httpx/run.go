package httpx

import "puzzlejudge/web/wire"

// RunAnswer is a run on one's own input as both faces answer it
// (wire.RunAnswer, which pj reads too).
type RunAnswer = wire.RunAnswer

// RunAnswerOf is o as RunAnswer.
var RunAnswerOf = wire.RunAnswerOf
