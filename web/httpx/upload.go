package httpx

import (
	"errors"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
)

// FormFile returns the content of the uploaded file field, nil when the
// form has none. A body past the router's limit gives its
// *http.MaxBytesError (413 through WriteError); a file that cannot be read
// is invalid, and one of more than limit bytes too_large. The API and the
// pages read every upload (answers, packages, account lists) through it.
func FormFile(c *gin.Context, field string, limit int64) ([]byte, error) {
	fh, err := c.FormFile(field)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, err
		}
		return nil, nil // no file in the form
	}
	if fh.Size > limit {
		return nil, judge.Errorf(ETOOLARGE, "the file has %d bytes, more than %d", fh.Size, limit)
	}
	f, err := fh.Open()
	if err != nil {
		return nil, judge.Errorf(judge.EINVALID, "the file could not be read: %v", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, judge.Errorf(judge.EINVALID, "the file could not be read: %v", err)
	}
	if int64(len(b)) > limit {
		return nil, judge.Errorf(ETOOLARGE, "the file is larger than %d bytes", limit)
	}
	return b, nil
}
