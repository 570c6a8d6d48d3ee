package engine

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
)

// urlHeaderTimeout bounds the wait for a LOAD CSV server's response
// headers when neither the query nor the caller sets a deadline.
const urlHeaderTimeout = 30 * time.Second

// urlClient fetches LOAD CSV URLs: every request runs under the query's
// context, and a server that never answers is given up after
// urlHeaderTimeout even without a deadline.
var urlClient = &http.Client{Transport: &http.Transport{
	Proxy:                 http.ProxyFromEnvironment,
	ResponseHeaderTimeout: urlHeaderTimeout,
}}

// fileOpener returns LOAD CSV's file policy: paths (or file: URLs) resolve
// inside the import directory and may not leave it, by `..` or through a
// symbolic link; http(s) URLs only when AllowURLs is set, fetched under
// ctx (the query's timeout and the caller's cancellation).
func (eng *Engine) fileOpener(ctx context.Context) func(string) (io.ReadCloser, error) {
	if eng.opts.Files.ImportDir == "" {
		return nil
	}
	root, err := filepath.Abs(eng.opts.Files.ImportDir)
	if err == nil {
		if r, err2 := filepath.EvalSymlinks(root); err2 == nil {
			root = r
		}
	}
	denied := func(format string, args ...any) error {
		return cyqerr.Runtimef(cyqerr.AccessDenied, "FileAccess", format, args...).WithHint("LOAD CSV reads only files inside the import directory %s", root)
	}
	return func(raw string) (io.ReadCloser, error) {
		if u, err := url.Parse(raw); err == nil && u.Scheme != "" && len(u.Scheme) > 1 {
			switch u.Scheme {
			case "http", "https":
				if !eng.opts.Files.AllowURLs {
					return nil, denied("LOAD CSV from URLs is not enabled: %s", raw)
				}
				req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
				if err != nil {
					return nil, cyqerr.Runtimef(cyqerr.ArgumentError, "FileAccess", "LOAD CSV: %v", err)
				}
				resp, err := urlClient.Do(req)
				if err != nil {
					if ctx.Err() != nil {
						e := cyqerr.Runtimef(cyqerr.LimitExceeded, "Timeout", "LOAD CSV: %s did not answer before the query was stopped: %v", raw, ctx.Err())
						e.Cause = ctx.Err()
						return nil, e
					}
					return nil, cyqerr.Runtimef(cyqerr.ArgumentError, "FileAccess", "LOAD CSV: %v", err)
				}
				if resp.StatusCode != http.StatusOK {
					resp.Body.Close()
					return nil, cyqerr.Runtimef(cyqerr.ArgumentError, "FileAccess", "LOAD CSV: %s answered %s", raw, resp.Status)
				}
				return resp.Body, nil
			case "file":
				raw = u.Path
			default:
				return nil, denied("LOAD CSV cannot read %s URLs", u.Scheme)
			}
		}
		rel := filepath.Clean("/" + filepath.FromSlash(raw)) // rooted, so ".." cannot climb above /
		if strings.Contains(filepath.ToSlash(raw), "..") {
			return nil, denied("LOAD CSV paths may not contain '..': %s", raw)
		}
		p := filepath.Join(root, rel)
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return nil, cyqerr.Runtimef(cyqerr.ArgumentError, "FileAccess", "LOAD CSV: cannot open %s: %v", raw, err)
		}
		if real != root && !strings.HasPrefix(real, root+string(filepath.Separator)) {
			return nil, denied("LOAD CSV path %s leaves the import directory", raw)
		}
		f, err := os.Open(real)
		if err != nil {
			return nil, cyqerr.Runtimef(cyqerr.ArgumentError, "FileAccess", "LOAD CSV: cannot open %s: %v", raw, err)
		}
		return f, nil
	}
}
