from __future__ import annotations

from typing import Any

from django import forms

from cotas_web.candidatos.models import Candidato, Heteroidentificacao
from cotas_web.comum import TEXTO_LIVRE_MAXIMO, CampoData, FormularioDeUmaVez

from .models import DecisaoRecurso, Genero, Recorrente


class MembroForm(FormularioDeUmaVez):
    nome = forms.CharField(label="Nome", max_length=200)
    genero = forms.ChoiceField(label="Gênero", choices=Genero.choices)
    cor_raca = forms.ChoiceField(
        label="Cor/raça",
        choices=[
            ("branca", "Branca"),
            ("preta", "Preta"),
            ("parda", "Parda"),
            ("amarela", "Amarela"),
            ("indigena", "Indígena"),
        ],
    )
    usuario: forms.ModelChoiceField[Any] = forms.ModelChoiceField(
        label="Acesso ao sistema (login do membro)",
        required=False,
        queryset=None,
        empty_label="Sem acesso ao sistema",
        help_text="Só quem tem login aqui registra as verificações e vê as gravações deste "
        "certame. Deixe em branco para um membro sem acesso.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from django.contrib.auth import get_user_model

        from cotas_web.contas.models import Papel

        super().__init__(*args, **kwargs)
        campo = self.fields["usuario"]
        campo.queryset = (  # type: ignore[attr-defined]
            get_user_model()
            .objects.filter(perfil__papel=Papel.COMISSAO)
            .order_by("first_name", "username")
        )
        campo.label_from_instance = (  # type: ignore[attr-defined]
            lambda u: f"{u.get_full_name() or u.username} ({u.username})"
        )


class SessaoForm(FormularioDeUmaVez):
    data = CampoData(label="Data da sessão")  # type: ignore[assignment]
    local = forms.CharField(label="Local", max_length=200)


class VerificacaoForm(forms.Form):
    compareceu = forms.BooleanField(label="Compareceu", required=False)
    recusou_filmagem = forms.BooleanField(
        label="Recusou ser filmado ou fotografado", required=False
    )
    recusou_perguntas = forms.BooleanField(label="Não respondeu às perguntas", required=False)
    gravacao = forms.FileField(
        label="Gravação (foto ou vídeo, uso exclusivo da comissão)", required=False
    )
    parecer = forms.CharField(
        label="Parecer da comissão (texto)",
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        help_text="A fundamentação escrita da comissão sobre esta verificação; vai na ata.",
    )

    def __init__(
        self,
        *args: Any,
        membros: list[Any],
        artigos: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        # Os artigos da lei do certame (`selectors.artigos_da_comissao`) ao lado de cada fato.
        artigos = artigos or {}
        for campo, chave in (
            ("recusou_filmagem", "nao_reconhecido"),
            ("recusou_perguntas", "nao_reconhecido"),
            ("gravacao", "registro_audiovisual"),
        ):
            if chave in artigos:
                self.fields[campo].label = f"{self.fields[campo].label} ({artigos[chave]})"
        self.membros = membros
        for m in membros:
            self.fields[f"voto_{m.pk}"] = forms.ChoiceField(
                label=f"Voto de {m.nome}",
                choices=[
                    ("", "Voto ainda não registrado"),
                    ("sim", "Reconhece a condição declarada"),
                    ("nao", "Não reconhece"),
                    ("abstencao", "Presente, absteve-se"),
                    ("ausente", "Ausente à verificação"),
                ],
                required=False,
            )

    def _escolhas(self) -> dict[int, str]:
        return {m.pk: self.cleaned_data.get(f"voto_{m.pk}") or "" for m in self.membros}

    def votos(self) -> dict[int, bool | None]:
        """O voto de cada integrante presente (None: absteve-se); o motor aplica a regra."""
        valores = {"sim": True, "nao": False, "abstencao": None}
        return {pk: valores[v] for pk, v in self._escolhas().items() if v in valores}

    def ausentes(self) -> list[int]:
        return [pk for pk, v in self._escolhas().items() if v == "ausente"]


SITUACOES_DO_LOTE = (
    ("", "— não registrar agora"),
    ("compareceu", "Compareceu"),
    ("ausente", "Ausente"),
    ("recusou_filmagem", "Recusou a filmagem"),
    ("recusou_perguntas", "Não respondeu às perguntas"),
)
VOTOS_DO_LOTE = (
    ("", "Sem voto"),
    ("sim", "Reconhece"),
    ("nao", "Não reconhece"),
    ("abstencao", "Absteve-se"),
    ("ausente", "Ausente"),
)


class AtaForm(forms.Form):
    ata = forms.CharField(
        label="Observações da ata",
        widget=forms.Textarea,
        required=False,
        max_length=TEXTO_LIVRE_MAXIMO,
    )


class RecursoForm(FormularioDeUmaVez):
    # A inscrição, não uma lista de escolha: num certame grande são dezenas de milhares de
    # pareceres, e a comissão trabalha pelo número de inscrição.
    candidato = forms.CharField(
        label="Inscrição do candidato cujo parecer é recorrido", max_length=40
    )
    recorrente = forms.ChoiceField(label="Quem recorre", choices=Recorrente.choices)
    recorrente_nome = forms.CharField(
        label="Nome de quem recorre",
        max_length=200,
        required=False,
        help_text="Obrigatório quando recorre outro candidato; quando recorre o próprio "
        "candidato, vale o nome dele.",
    )
    razoes = forms.CharField(label="Razões", widget=forms.Textarea, max_length=TEXTO_LIVRE_MAXIMO)
    data = CampoData(label="Data de interposição")  # type: ignore[assignment]

    def __init__(self, *args: Any, candidatos: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._candidatos = candidatos

    def clean_candidato(self) -> Candidato:
        inscricao = self.cleaned_data["candidato"].strip()
        achado = self._candidatos.filter(inscricao=inscricao).first()
        if achado is None:
            raise forms.ValidationError(
                f"A inscrição {inscricao} não tem parecer da comissão neste certame."
            )
        return achado  # type: ignore[no-any-return]


class DecidirRecursoForm(forms.Form):
    decisao = forms.ChoiceField(label="Decisão", choices=DecisaoRecurso.choices)
    resultado_final = forms.ChoiceField(
        label="Novo parecer (se provido)",
        choices=[
            ("", "Escolha, se o recurso for provido"),
            (Heteroidentificacao.CONFIRMADO, "Confirmado"),
            (Heteroidentificacao.NAO_CONFIRMADO, "Não confirmado"),
        ],
        required=False,
        help_text="O recurso provido muda o parecer recorrido; o não provido o mantém (deixe "
        "em branco).",
    )
    fundamentacao = forms.CharField(
        label="Fundamentação", widget=forms.Textarea, max_length=TEXTO_LIVRE_MAXIMO
    )
    data = CampoData(label="Data da decisão")  # type: ignore[assignment]

    def clean(self) -> dict[str, Any]:
        """O não provido mantém o parecer: um novo parecer escolhido junto era descartado sem
        aviso. O formulário o recusa, junto do campo (o serviço segue ignorando-o)."""
        dados = super().clean() or {}
        if dados.get("decisao") == DecisaoRecurso.IMPROVIDO and dados.get("resultado_final"):
            self.add_error(
                "resultado_final",
                "O recurso não provido mantém o parecer recorrido: deixe o novo parecer em "
                'branco, ou escolha "Provido" se o parecer muda.',
            )
        return dados
