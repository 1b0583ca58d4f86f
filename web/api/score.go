package api

import (
	"math"
	"strconv"
)

// score is a score in an answer: 0 to 100, written with at most two
// decimals (13.33, not 13.333333333333334). The service keeps the exact
// value; only what the API writes is rounded.
type score float64

// MarshalJSON writes s rounded to two decimals.
func (s score) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, math.Round(float64(s)*100)/100, 'f', -1, 64), nil
}
