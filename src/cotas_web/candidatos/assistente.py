"""O assistente de importação: as colunas que o certame pede (com o modelo para baixar), o
mapeamento dos títulos da banca (lembrado para o próximo arquivo da mesma banca), e a troca ou
remoção de uma importação inteira antes da homologação."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone

from cotas.arquivos import campos
from cotas.arquivos.esquema import Esquema
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.services import registrar
from cotas_web.certames.models import Certame
from cotas_web.certames.services import certame_travar
from cotas_web.ponte import leis
from cotas_web.ponte.vocabulario import PREFIXO_RESERVA, PREFIXO_VERIFICACAO
from cotas_web.rotulos import rotulo_da_coluna

from .models import Importacao, MapeamentoColunas

# O que cada coluna é, para quem prepara o arquivo.
_DESCRICOES = {
    "inscricao": "número de inscrição",
    "nome": "nome completo",
    "cpf": "CPF (opcional; confere CPF repetido no cargo)",
    "data_nascimento": "data de nascimento (AAAA-MM-DD ou DD/MM/AAAA): desempata pela idade",
    "cargo": "código do cargo, como cadastrado no certame",
    "nota": "nota final (vírgula ou ponto decimal)",
    "situacao": "aprovado ou eliminado",
    "cor_raca": "branca, preta, parda, amarela ou indigena (quesito do IBGE)",
    "pcd": "pessoa com deficiência que concorre à reserva: sim ou nao",
    "classificacao": "posição dada pela banca (opcional; sem ela, a nota e o desempate decidem)",
}
# Um exemplo de valor por coluna (a linha de exemplo do modelo).
# (A inscrição e o nome são os que o leitor reconhece: a linha esquecida no arquivo é recusada.)
_EXEMPLOS = {
    **campos.EXEMPLO_DO_MODELO,
    "cpf": "529.982.247-25",
    "data_nascimento": "1990-05-31",
    "nota": "75,50",
    "situacao": "aprovado",
    "cor_raca": "parda",
    "pcd": "nao",
    "classificacao": "",
    "opcao_lista": "",
}


@dataclass(frozen=True)
class Coluna:
    """Uma coluna do arquivo da banca, como o certame a pede."""

    nome: str  # o nome canônico (o título do modelo); num critério do edital, o dele
    descricao: str
    obrigatoria: bool
    aceitos: str  # os títulos aceitos
    chave: str = ""  # a coluna dentro do programa (`reserva:<grupo>`); vazia num critério
    rotulo_da_lei: str = ""  # o de um campo que a lei declara ([[campos]]), como ela o diz

    @property
    def rotulo(self) -> str:
        if self.rotulo_da_lei:
            return self.rotulo_da_lei
        # Pela chave: o nome que a lei dá à coluna ("confirmacao_pretos_pardos") sem acentos
        # nem artigos não é um rótulo; o do grupo, pela lei, é.
        return str(rotulo_da_coluna(self.chave or self.nome))


def rotulos_das_colunas(certame: Certame, nomes: Iterable[str | None]) -> dict[str, str]:
    """O rótulo de cada coluna lida do arquivo, pelo nome no arquivo (o da lei, para as colunas
    dos grupos; o do edital, para os critérios de desempate)."""
    esquema = leis.esquema_do_certame(certame)
    return {
        nome: str(rotulo_da_coluna(esquema.coluna_do_titulo(nome) or nome))
        for nome in nomes
        if nome
    }


def _descricoes(esquema: Esquema) -> dict[str, str]:
    """O que é cada coluna, com as dos grupos da lei do certame pelo rótulo da lei."""
    descricoes = dict(_DESCRICOES)
    for g in esquema.grupos:
        descricoes[PREFIXO_RESERVA + g.grupo] = f"optou pela reserva a {g.rotulo}: sim ou nao"
        descricoes[PREFIXO_VERIFICACAO + g.grupo] = (
            f"resultado da verificação da condição de {g.rotulo} (pendente enquanto não verificado)"
        )
    for c in esquema.campos_da_lei:
        forma = "número inteiro (0 ou mais)" if c.tipo == "inteiro" else "sim ou nao"
        descricoes[c.chave] = (
            f"{c.rotulo}: {forma}; a lei o exige para a reserva ({c.referencia.citacao()})"
        )
    listas = " ou ".join([*(g.grupo for g in esquema.grupos), "pcd"])
    descricoes["opcao_lista"] = f"{listas}, só para quem optou por duas reservas"
    return descricoes


def _exemplos(esquema: Esquema) -> dict[str, str]:
    exemplos = dict(_EXEMPLOS)
    for g in esquema.grupos:
        exemplos[esquema.no_arquivo(PREFIXO_RESERVA + g.grupo)] = "sim"
        exemplos[esquema.no_arquivo(PREFIXO_VERIFICACAO + g.grupo)] = "pendente"
    for c in esquema.campos_da_lei:
        exemplos[esquema.no_arquivo(c.chave)] = "0" if c.tipo == "inteiro" else "nao"
    return exemplos


def colunas_do_certame(certame: Certame) -> list[Coluna]:
    """As colunas que o arquivo deste certame traz: as que decidem um resultado (obrigatórias,
    com as de cada grupo da lei e o resultado da verificação quando a lei a prevê), os critérios
    de desempate do edital e as opcionais, cada uma com os títulos aceitos."""
    esquema = leis.esquema_do_certame(certame)
    descricoes = _descricoes(esquema)
    rotulos_da_lei = {c.chave: c.rotulo for c in esquema.campos_da_lei}
    colunas = [
        Coluna(
            esquema.no_arquivo(chave),
            descricoes.get(chave, chave),
            chave in esquema.obrigatorias,
            esquema.nomes_aceitos(chave),
            chave,
            rotulos_da_lei.get(chave, ""),
        )
        for chave in esquema.conhecidas
        if chave in esquema.obrigatorias or not chave.startswith(PREFIXO_VERIFICACAO)
    ]
    for nome, sentido in certame.desempate:
        colunas.append(
            Coluna(
                str(nome),
                f"critério de desempate do edital ({sentido} primeiro): número",
                True,
                str(nome),
            )
        )
    return colunas


def faltam(certame: Certame, titulos: list[str], mapa: dict[str, str]) -> list[Coluna]:
    """As colunas obrigatórias que nenhum título do arquivo nomeia (nem pelo mapeamento)."""
    desempate = {campos.normalizar_nome(str(c)) for c, _ in certame.desempate}
    esquema = leis.esquema_do_certame(certame)
    achadas = set()
    for titulo in titulos:
        if titulo in mapa:
            achadas.add(campos.normalizar_nome(mapa[titulo]))
        elif campos.normalizar_nome(titulo) in desempate:
            achadas.add(campos.normalizar_nome(titulo))
        elif (coluna := esquema.coluna_do_titulo(titulo)) is not None:
            achadas.add(campos.normalizar_nome(esquema.no_arquivo(coluna)))
    return [
        c
        for c in colunas_do_certame(certame)
        if c.obrigatoria and campos.normalizar_nome(c.nome) not in achadas
    ]


# ---------------------------------------------------------------- modelo para baixar


def _linhas_do_modelo(certame: Certame) -> tuple[list[str], list[str]]:
    colunas = colunas_do_certame(certame)
    cargo = certame.cargos.values_list("codigo", flat=True).first() or "CARGO"
    exemplo = {**_exemplos(leis.esquema_do_certame(certame)), "cargo": cargo}
    titulos = [c.nome for c in colunas]
    return titulos, [exemplo.get(c.nome, "0") for c in colunas]


def modelo_csv(certame: Certame) -> bytes:
    """O modelo em CSV: `;` e UTF-8 com BOM, como a planilha brasileira abre e salva."""
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";", lineterminator="\r\n")
    escritor.writerows(_linhas_do_modelo(certame))
    return ("\ufeff" + saida.getvalue()).encode("utf-8")


def modelo_xlsx(certame: Certame) -> bytes:
    """O modelo em XLSX: o cabeçalho, a linha de exemplo (em texto: a inscrição e o CPF não
    perdem os zeros) e, numa segunda aba, o que é cada coluna (a aba com o nome que o leitor
    reconhece e nunca lê como dados: `campos.ABA_DE_AJUDA_DO_MODELO`). Escrito pelo mesmo
    escritor de XLSX das publicações (`para_xlsx`)."""
    from cotas.documentos.formatos import para_xlsx
    from cotas.documentos.tabelas import Tabela

    titulos, exemplo = _linhas_do_modelo(certame)
    candidatos = Tabela("Candidatos", "Candidatos", tuple(titulos), [tuple(exemplo)])
    ajuda = Tabela(
        campos.ABA_DE_AJUDA_DO_MODELO,
        campos.ABA_DE_AJUDA_DO_MODELO,
        campos.CABECALHO_DA_AJUDA,
        [
            (c.nome, "sim" if c.obrigatoria else "não", c.descricao, c.aceitos)
            for c in colunas_do_certame(certame)
        ],
    )
    return para_xlsx([candidatos, ajuda], celulas_de_texto=True)


# ---------------------------------------------------------------- mapeamento lembrado


def _chave_da_banca(banca: str) -> str:
    return " ".join(banca.split()).casefold()


def mapeamento_lembrado(certame: Certame, banca: str) -> dict[str, str]:
    """O mapeamento escolhido no último arquivo da mesma banca (pelo nome) ou, sem nome, do
    mesmo certame."""
    chave = _chave_da_banca(banca)
    filtro = {"banca": chave} if chave else {"certame": certame, "banca": ""}
    salvo = MapeamentoColunas.objects.filter(**filtro).first()
    return dict(salvo.mapa) if salvo is not None else {}


def mapeamento_guardar(certame: Certame, banca: str, mapa: dict[str, str]) -> None:
    """Lembra a escolha (somada às anteriores da mesma banca) para o próximo arquivo."""
    chave = _chave_da_banca(banca)
    filtro = {"banca": chave} if chave else {"certame": certame, "banca": ""}
    salvo, _ = MapeamentoColunas.objects.get_or_create(**filtro, defaults={"certame": certame})
    salvo.mapa = {**salvo.mapa, **mapa}
    salvo.save(update_fields=["mapa", "atualizado_em"])


# ---------------------------------------------------------------- trocar ou remover


def _exigir_removivel(certame: Certame, importacao: Importacao) -> None:
    if certame.homologado:
        raise ValidationError(
            "O certame já foi homologado: a importação não se remove nem se troca; o dado de "
            "um candidato muda só por correção registrada, na página dele."
        )
    if importacao.removida:
        raise ValidationError("Esta importação já foi removida.")


def _apagar_candidatos(importacao: Importacao) -> int:
    try:
        apagados, _ = importacao.candidato_set.all().delete()
    except ProtectedError as erro:
        modelos = sorted({str(o._meta.verbose_name_plural) for o in erro.protected_objects})
        raise ValidationError(
            "Há atos registrados sobre candidatos desta importação ("
            + ", ".join(str(m) for m in modelos)
            + "): ela não pode ser removida inteira."
        ) from None
    return int(apagados)


@transaction.atomic
def importacao_remover(*, usuario: User, importacao: Importacao, motivo: str) -> Importacao:
    """Antes da homologação: a importação sai inteira (todos os seus candidatos), com o registro
    de quem, quando e por quê. A linha da importação fica, marcada como removida."""
    certame = certame_travar(importacao.certame_id)
    importacao = Importacao.objects.get(pk=importacao.pk)
    _exigir_removivel(certame, importacao)
    if not motivo.strip():
        raise ValidationError("Diga por que a importação é removida.")
    n = _apagar_candidatos(importacao)
    importacao.removida_em = timezone.now()
    importacao.save(update_fields=["removida_em"])
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.IMPORTACAO_REMOVIDA,
        descricao=(
            f"Removida a importação do arquivo {importacao.arquivo_nome} "
            f"({n} candidato(s)): {motivo.strip()}"
        ),
        dados={
            "importacao": importacao.pk,
            "candidatos": n,
            "fatos": {"importacao": importacao.pk},
        },
    )
    return importacao


@transaction.atomic
def importacao_substituir(
    *,
    usuario: User,
    importacao: Importacao,
    caminho: Path,
    nome_arquivo: str,
    aba: str | None = None,
    renomear: dict[str, str] | None = None,
) -> Importacao:
    """Antes da homologação: troca uma importação inteira por outro arquivo, tudo ou nada (se
    o novo arquivo tem erro, a antiga fica)."""
    from .services import importacao_confirmar

    certame = certame_travar(importacao.certame_id)
    importacao = Importacao.objects.get(pk=importacao.pk)
    _exigir_removivel(certame, importacao)
    n = _apagar_candidatos(importacao)
    nova = importacao_confirmar(
        usuario=usuario,
        certame=certame,
        caminho=caminho,
        nome_arquivo=nome_arquivo,
        aba=aba,
        renomear=renomear,
    )
    importacao.removida_em = timezone.now()
    importacao.substituida_por = nova
    importacao.save(update_fields=["removida_em", "substituida_por"])
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.IMPORTACAO_SUBSTITUIDA,
        descricao=(
            f"A importação do arquivo {importacao.arquivo_nome} ({n} candidato(s)) foi "
            f"substituída pela do arquivo {nome_arquivo} ({nova.linhas} candidato(s))."
        ),
        dados={
            "importacao": importacao.pk,
            "nova": nova.pk,
            "fatos": {"importacao": importacao.pk},
        },
    )
    return nova
