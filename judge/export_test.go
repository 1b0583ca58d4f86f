package judge

// Round2 lends the external tests (package judge_test) the gradebook's
// rounding to hundredths.
var Round2 = round2
