# The map's filters as query parameters (the platform's docs/api.md, "GET /api/public/colonies/").

range_param <- function(value, name) {
  if (is.null(value)) return(NULL)
  if (!is.numeric(value) || length(value) != 2 || anyNA(value) || value[1] > value[2]) {
    stop(sprintf("%s must be a range c(min, max) of two numbers with min <= max.", name),
         call. = FALSE)
  }
  paste(format(value, scientific = FALSE, trim = TRUE), collapse = ",")
}

text_param <- function(value, name) {
  if (is.null(value)) return(NULL)
  if (!is.character(value) || length(value) != 1 || is.na(value) || value == "") {
    stop(sprintf("%s must be one non-empty character string.", name), call. = FALSE)
  }
  value
}

map_filters <- function(species = NULL, project = NULL, years = NULL, hide_flagged = FALSE,
                        ed50 = NULL, ed50_mmm = NULL, ed5 = NULL, ed5_mmm = NULL,
                        ed95 = NULL, ed95_mmm = NULL) {
  if (!is.null(years) && (!is.numeric(years) || anyNA(years) || any(years %% 1 != 0))) {
    stop("years must be whole numbers, e.g. c(2022, 2023).", call. = FALSE)
  }
  if (!is.logical(hide_flagged) || length(hide_flagged) != 1 || is.na(hide_flagged)) {
    stop("hide_flagged must be TRUE or FALSE.", call. = FALSE)
  }
  list(
    species = text_param(species, "species"),
    project = text_param(project, "project"),
    years = if (is.null(years)) NULL else paste(as.integer(years), collapse = ","),
    hideFlagged = if (hide_flagged) "true" else NULL,
    ed50 = range_param(ed50, "ed50"),
    ed50Mmm = range_param(ed50_mmm, "ed50_mmm"),
    ed5 = range_param(ed5, "ed5"),
    ed5Mmm = range_param(ed5_mmm, "ed5_mmm"),
    ed95 = range_param(ed95, "ed95"),
    ed95Mmm = range_param(ed95_mmm, "ed95_mmm")
  )
}

# A dataset argument: an id, or c(id, version); without a version, the one the platform shows.
dataset_version <- function(dataset, base_url) {
  if (!is.numeric(dataset) || !(length(dataset) %in% 1:2) || anyNA(dataset)) {
    stop("dataset must be a dataset id, or c(id, version).", call. = FALSE)
  }
  if (length(dataset) == 2) return(as.integer(dataset))
  detail <- ct_get_json(sprintf("/api/public/datasets/%d/", as.integer(dataset)), base_url = base_url)
  c(as.integer(dataset), as.integer(detail$version$number %||% detail$version))
}

`%||%` <- function(a, b) if (is.null(a)) b else a

# Where a view's downloads are: the map (with filters), a project, a dataset version, a snapshot.
view_path <- function(project_id = NULL, dataset = NULL, snapshot_id = NULL, base_url = NULL) {
  given <- !c(is.null(project_id), is.null(dataset), is.null(snapshot_id))
  if (sum(given) > 1) {
    stop("Give at most one of project_id, dataset and snapshot_id.", call. = FALSE)
  }
  if (!is.null(project_id)) {
    return(sprintf("/api/public/projects/%d/downloads/", as.integer(project_id)))
  }
  if (!is.null(dataset)) {
    v <- dataset_version(dataset, base_url)
    return(sprintf("/api/public/datasets/%d/versions/%d/downloads/", v[1], v[2]))
  }
  if (!is.null(snapshot_id)) {
    return(sprintf("/api/public/snapshots/%s/downloads/", utils::URLencode(as.character(snapshot_id), reserved = TRUE)))
  }
  "/api/public/downloads/map/"
}
