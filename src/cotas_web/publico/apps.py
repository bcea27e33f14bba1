from django.apps import AppConfig


class PublicoConfig(AppConfig):
    name = "cotas_web.publico"
    verbose_name = "Publicações e consulta pública"
