# HTTP: one request, waiting as the server asks on 429 and 503, errors with the server's message.

#' The platform's address
#'
#' Every function takes the platform's address as \code{base_url}; by default it is the
#' \code{coralthermal.url} option, else the \code{CORALTHERMAL_URL} environment variable.
#'
#' @param base_url The platform's address, e.g. \code{"https://platform.example.org"}.
#' @return The address without a trailing slash.
#' @export
ct_url <- function(base_url = NULL) {
  url <- base_url
  if (is.null(url)) url <- getOption("coralthermal.url")
  if (is.null(url) || identical(url, "")) url <- Sys.getenv("CORALTHERMAL_URL", "")
  if (identical(url, "")) {
    stop("No platform address: pass base_url, set options(coralthermal.url = ...) ",
         "or the CORALTHERMAL_URL environment variable.", call. = FALSE)
  }
  sub("/+$", "", url)
}

ct_user_agent <- function() {
  paste0("coralthermal/", utils::packageVersion("coralthermal"), " (R ", getRversion(), ")")
}

# Seconds to wait before asking again: Retry-After (seconds or an HTTP date), else a backoff.
retry_delay <- function(resp, attempt) {
  header <- httr2::resp_header(resp, "Retry-After")
  if (!is.null(header)) {
    seconds <- suppressWarnings(as.numeric(header))
    if (is.na(seconds)) {
      when <- as.POSIXct(header, format = "%a, %d %b %Y %H:%M:%S", tz = "GMT")
      seconds <- if (is.na(when)) NA else as.numeric(difftime(when, Sys.time(), units = "secs"))
    }
    if (!is.na(seconds)) return(max(0, seconds))
  }
  min(60, 2^attempt)
}

# The server's message for a failed call: {"error": ..., "code": ...} or the start of the body.
server_message <- function(resp) {
  text <- tryCatch(httr2::resp_body_string(resp), error = function(e) "")
  parsed <- tryCatch(jsonlite::fromJSON(text, simplifyVector = FALSE), error = function(e) NULL)
  if (is.list(parsed) && !is.null(parsed$error)) {
    return(list(message = as.character(parsed$error),
                code = if (is.null(parsed$code)) NA_character_ else as.character(parsed$code)))
  }
  list(message = substr(trimws(text), 1, 300), code = NA_character_)
}

http_error <- function(resp, path) {
  status <- httr2::resp_status(resp)
  server <- server_message(resp)
  message <- sprintf("The platform answered %d to GET %s: %s%s", status, path, server$message,
                     if (is.na(server$code)) "" else sprintf(" (%s)", server$code))
  structure(
    class = c(if (status < 500) "coralthermal_client_error" else "coralthermal_server_error",
              "coralthermal_http_error", "error", "condition"),
    list(message = message, call = NULL, status = status, code = server$code,
         server_message = server$message, path = path)
  )
}

# GET a path of the API; query values NULL are left out. Returns the httr2 response.
ct_get <- function(path, query = list(), base_url = NULL, max_tries = 5,
                   max_wait = getOption("coralthermal.max_wait", 120)) {
  url <- paste0(ct_url(base_url), path)
  query <- query[!vapply(query, is.null, logical(1))]
  req <- httr2::request(url)
  if (length(query) > 0) req <- do.call(httr2::req_url_query, c(list(req), query))
  req <- httr2::req_user_agent(req, ct_user_agent())
  req <- httr2::req_error(req, is_error = function(resp) FALSE)
  for (attempt in seq_len(max_tries)) {
    resp <- httr2::req_perform(req)
    status <- httr2::resp_status(resp)
    if (status < 400) return(resp)
    if (!(status %in% c(429, 503)) || attempt == max_tries) break
    wait <- retry_delay(resp, attempt)
    if (wait > max_wait) break
    message(sprintf("The platform answered %d; asking again in %g s as it asked.", status, wait))
    Sys.sleep(wait)
  }
  stop(http_error(resp, path))
}

ct_get_json <- function(path, query = list(), base_url = NULL) {
  resp <- ct_get(path, query, base_url)
  jsonlite::fromJSON(httr2::resp_body_string(resp), simplifyVector = FALSE)
}

# Every page of a cursor-paged list: follows X-Next-Cursor until the last page.
ct_get_pages <- function(path, query = list(), base_url = NULL, page_size = 1000) {
  items <- list()
  cursor <- NULL
  repeat {
    resp <- ct_get(path, c(query, list(limit = page_size, cursor = cursor)), base_url)
    page <- jsonlite::fromJSON(httr2::resp_body_string(resp), simplifyVector = FALSE)
    items <- c(items, page)
    cursor <- httr2::resp_header(resp, "X-Next-Cursor")
    if (is.null(cursor) || identical(cursor, "")) break
  }
  items
}
