// CloudFront Function (cloudfront-js-2.0), viewer request: the host's routing entry in the
// KeyValueStore decides what is served (docs/hosting.md "Serving"). The same file runs in the
// local stack, in node:vm with a `cloudfront` stand-in (packages/core/src/hosting/edge/run-in-vm.ts).
// No network, no modules but `cloudfront`, 10 KB at most.
import cf from "cloudfront";

const kvs = cf.kvs();

function text(statusCode, statusDescription, body) {
  return {
    statusCode: statusCode,
    statusDescription: statusDescription,
    headers: {
      "content-type": { value: "text/plain; charset=utf-8" },
      "cache-control": { value: "no-store" },
      "x-content-type-options": { value: "nosniff" },
    },
    body: { encoding: "text", data: body },
  };
}

async function handler(event) {
  const request = event.request;
  const hostHeader = request.headers.host ? request.headers.host.value : "";
  const host = hostHeader.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  // Our own routing headers are set here only, never taken from the viewer.
  delete request.headers["x-portal-preview"];
  delete request.headers["x-portal-deployment"];
  delete request.headers["x-portal-not-found"];
  // CloudFront serves viewers over HTTPS only; the local stack, on plain HTTP, says so after this
  // function ran, and the response function then leaves HSTS out.
  delete request.headers["x-forwarded-proto"];

  let entry;
  try {
    entry = JSON.parse(await kvs.get(host));
  } catch (e) {
    entry = null;
  }
  if (!entry) return text(404, "Not Found", "No site is served at this address");
  if (entry.s === "paused") return text(503, "Service Unavailable", "This site is paused");
  if (entry.r) {
    const query = Object.keys(request.querystring).length
      ? `?${queryString(request.querystring)}`
      : "";
    return {
      statusCode: 301,
      statusDescription: "Moved Permanently",
      headers: {
        location: { value: `https://${entry.r}${request.uri}${query}` },
        "cache-control": { value: "public, max-age=3600" },
      },
    };
  }
  if (!entry.d) return text(404, "Not Found", "No site is served at this address");

  const uri = request.uri;
  // A path that climbs out of the deployment, or hides a separator in an escape, is refused.
  if (
    uri.charAt(0) !== "/" ||
    /%2f|%5c|\\/i.test(uri) ||
    /(^|\/)\.\.?(\/|$)/.test(decodeSafe(uri))
  ) {
    return text(400, "Bad Request", "Bad request");
  }
  let path = uri;
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (last === "") path = `${path}index.html`;
  else if (last.indexOf(".") === -1) path = `${path}/index.html`;

  request.uri = `/deployments/${entry.d}${path}`;
  request.headers["x-portal-deployment"] = { value: entry.d };
  if (entry.nf)
    request.headers["x-portal-not-found"] = { value: `/deployments/${entry.d}/404.html` };
  if (entry.p) request.headers["x-portal-preview"] = { value: "1" };
  return request;
}

function decodeSafe(uri) {
  try {
    return decodeURIComponent(uri);
  } catch (e) {
    return "/..";
  }
}

function queryString(querystring) {
  const parts = [];
  for (const name in querystring) {
    const field = querystring[name];
    if (field.multiValue) {
      for (let i = 0; i < field.multiValue.length; i++)
        parts.push(`${name}=${field.multiValue[i].value}`);
    } else {
      parts.push(`${name}=${field.value}`);
    }
  }
  return parts.join("&");
}
