from django.apps import AppConfig


class Config(AppConfig):
    name = "cotas_web.textos"
    label = "textos"
    verbose_name = "Textos para publicar"
    default_auto_field = "django.db.models.BigAutoField"
