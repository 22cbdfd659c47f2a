# Downloads of a view (the map with filters, a project, a dataset version, a snapshot).

DOWNLOAD_FILES <- c(csv = "colonies.csv", geojson = "colonies.geojson", dwca = "dwca.zip")

#' Download a view as CSV, GeoJSON or Darwin Core Archive
#'
#' The platform's downloads of the map (with its filters), a project, a dataset version or a
#' citable snapshot, with the citation and licences of the dataset versions in it.
#'
#' @param format \code{"csv"}, \code{"geojson"} or \code{"dwca"} (Darwin Core Archive, a zip).
#' @param file Where to save the download. Without it the download is read: a CSV into a data
#'   frame, a GeoJSON into a data frame of its features' properties with \code{longitude} and
#'   \code{latitude}, a Darwin Core Archive into a data frame of its core file.
#' @param project_id Download this project instead of the map.
#' @param dataset Download this dataset version instead of the map: an id, or
#'   \code{c(id, version)}.
#' @param snapshot_id Download this citable snapshot instead of the map.
#' @param ... The map's filters, as for \code{ct_colonies()} (\code{species}, \code{ed50}, ...).
#' @inheritParams ct_colonies
#' @return With \code{file}, the file's path (invisibly); else a data frame. Either carries the
#'   citation (\code{ct_citation()}) and licences (\code{ct_licences()}).
#' @examples
#' \dontrun{
#' ct_download("csv", file = "pocillopora.csv", species = "Pocillopora verrucosa")
#' occurrences <- ct_download("dwca", project_id = 61)
#' }
#' @export
ct_download <- function(format = c("csv", "geojson", "dwca"), file = NULL, project_id = NULL,
                        dataset = NULL, snapshot_id = NULL, ..., base_url = NULL) {
  format <- match.arg(format)
  filters <- list(...)
  view <- view_path(project_id, dataset, snapshot_id, base_url)
  query <- list()
  if (length(filters) > 0) {
    if (view != "/api/public/downloads/map/") {
      stop("Filters apply to the map's download only, not to a project, dataset or snapshot.",
           call. = FALSE)
    }
    query <- do.call(map_filters, filters)
  }
  resp <- ct_get(paste0(view, DOWNLOAD_FILES[[format]]), query, base_url)
  body <- httr2::resp_body_raw(resp)
  citation <- citation_of_datasets(datasets_of_view(view, query, base_url), base_url)
  if (!is.null(file)) {
    writeBin(body, file)
    return(invisible(with_citation(file, citation)))
  }
  data <- switch(format,
    csv = read_csv_text(rawToChar(body)),
    geojson = read_geojson(rawToChar(body)),
    dwca = read_dwca(body)
  )
  with_citation(data, citation)
}

read_csv_text <- function(text) {
  Encoding(text) <- "UTF-8"
  utils::read.csv(text = sub("^\ufeff", "", text), stringsAsFactors = FALSE,
                  na.strings = "", check.names = FALSE, encoding = "UTF-8")
}

read_geojson <- function(text) {
  Encoding(text) <- "UTF-8"
  collection <- jsonlite::fromJSON(text, simplifyVector = FALSE)
  features <- collection$features
  if (length(features) == 0) return(data.frame())
  names <- unique(unlist(lapply(features, function(f) names(f$properties))))
  table <- as.data.frame(lapply(stats_names(names), function(name) {
    values <- lapply(features, function(f) f$properties[[name]])
    simplify_column(values)
  }), stringsAsFactors = FALSE, optional = TRUE)
  names(table) <- names
  table$longitude <- vapply(features, function(f) num(f$geometry$coordinates[[1]]), numeric(1))
  table$latitude <- vapply(features, function(f) num(f$geometry$coordinates[[2]]), numeric(1))
  table
}

stats_names <- function(names) structure(as.list(names), names = names)

# A property's values as one typed vector: numbers, logicals or text (lists joined by "; ").
simplify_column <- function(values) {
  flat <- lapply(values, function(v) if (is.null(v) || length(v) == 0) NA else if (length(v) > 1 || is.list(v)) paste(unlist(v), collapse = "; ") else v)
  present <- Filter(function(v) !is.na(v), flat)
  if (length(present) > 0 && all(vapply(present, is.numeric, logical(1)))) {
    return(vapply(flat, function(v) as.numeric(v), numeric(1)))
  }
  if (length(present) > 0 && all(vapply(present, is.logical, logical(1)))) {
    return(vapply(flat, function(v) as.logical(v), logical(1)))
  }
  vapply(flat, function(v) if (is.na(v)) NA_character_ else as.character(v), character(1))
}

# A Darwin Core Archive's core file (meta.xml names it) as a data frame.
read_dwca <- function(bytes) {
  folder <- tempfile("dwca-")
  dir.create(folder)
  on.exit(unlink(folder, recursive = TRUE))
  archive <- file.path(folder, "dwca.zip")
  writeBin(bytes, archive)
  utils::unzip(archive, exdir = folder)
  meta <- paste(readLines(file.path(folder, "meta.xml"), warn = FALSE, encoding = "UTF-8"),
                collapse = "\n")
  core <- regmatches(meta, regexpr("<core[^>]*>.*?</core>", meta))
  location <- sub(".*<location>([^<]+)</location>.*", "\\1", core)
  separator <- if (grepl("fieldsTerminatedBy=\"\\\\t\"", core) || !grepl("fieldsTerminatedBy=\",\"", core)) "\t" else ","
  utils::read.delim(file.path(folder, location), sep = separator, stringsAsFactors = FALSE,
                    na.strings = "", check.names = FALSE, quote = "", encoding = "UTF-8")
}
