from django.apps import AppConfig


class Config(AppConfig):
    name = "cotas_web.candidatos"
    label = "candidatos"
    default_auto_field = "django.db.models.BigAutoField"
