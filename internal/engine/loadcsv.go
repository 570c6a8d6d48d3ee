package engine

import (
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
)

// fileOpener returns LOAD CSV's file policy: paths (or file: URLs) resolve
// inside the import directory and may not leave it, by `..` or through a
// symbolic link; http(s) URLs only when AllowURLs is set.
func (eng *Engine) fileOpener() func(string) (io.ReadCloser, error) {
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
				resp, err := http.Get(raw)
				if err != nil {
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
