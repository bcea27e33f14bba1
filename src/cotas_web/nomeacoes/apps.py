from django.apps import AppConfig


class Config(AppConfig):
    name = "cotas_web.nomeacoes"
    label = "nomeacoes"
    default_auto_field = "django.db.models.BigAutoField"
