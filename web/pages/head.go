package pages

import "github.com/gin-gonic/gin"

// HEAD on a page answered 405, since Gin routes methods one by one and the
// pages declared only GET; link checkers and monitoring probe with HEAD.
// Every GET page also answers HEAD: the same handler, the same status and
// headers, no body.

// getAndHead registers h for GET and HEAD on path.
func getAndHead(r gin.IRoutes, path string, h ...gin.HandlerFunc) {
	r.GET(path, h...)
	r.HEAD(path, append([]gin.HandlerFunc{headNoBody}, h...)...)
}

// headNoBody makes the handlers' body vanish, whatever writes it: net/http
// drops a HEAD body itself, but other writers (a test recorder, a
// middleware that buffers) would not.
func headNoBody(c *gin.Context) {
	c.Writer = noBodyWriter{c.Writer}
	c.Next()
}

type noBodyWriter struct{ gin.ResponseWriter }

func (w noBodyWriter) Write(b []byte) (int, error) {
	w.WriteHeaderNow()
	return len(b), nil
}

func (w noBodyWriter) WriteString(s string) (int, error) {
	w.WriteHeaderNow()
	return len(s), nil
}
