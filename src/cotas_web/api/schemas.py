"""Os esquemas das respostas da API (viram a descrição OpenAPI em /api/openapi.json)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from ninja import Field, Schema


class Enderecos(Schema):
    pagina: str = Field(description="A página pública do certame.")
    consulta: str = Field(description="A consulta pública por inscrição.")
    feed: str = Field(description="O feed Atom dos atos publicados do certame.")
    api: str = Field(description="Este certame na API.")


class CertameResumo(Schema):
    id: int
    nome: str
    municipio: str = Field(description="Município/UF.")
    tipo: str = Field(description="Código do tipo de seleção.")
    tipo_rotulo: str
    data_edital: date
    validade_ate: date | None
    publicado_em: date | None
    homologado_em: date | None = Field(
        description="Data da homologação; antes dela não se publicam listas nem nomeações."
    )
    arquivado_em: date | None
    enderecos: Enderecos


class Pagina(Schema):
    total: int = Field(description="Quantos itens há ao todo.")
    limite: int
    deslocamento: int
    proxima: str | None = Field(description="O endereço da página seguinte (null na última).")


class PaginaCertames(Pagina):
    itens: list[CertameResumo]


class Lei(Schema):
    titulo: str
    municipio: str
    vigencia_inicio: date
    citacao: str = Field(description="O dispositivo que torna a lei aplicável ao certame.")


class Grupo(Schema):
    codigo: str = Field(description="Código do grupo com reserva (chave de `reservadas`).")
    rotulo: str


class CargoResumo(Schema):
    codigo: str
    nome: str
    endereco: str


class Retificacao(Schema):
    data: date
    fundamento: str
    alteracoes: list[dict[str, Any]]


class Certame(CertameResumo):
    orgao: str
    orgao_rotulo: str
    versao: int = Field(
        description="A versão do certame (o último registro de auditoria): muda a cada ato. "
        "É a ETag das respostas do certame."
    )
    lei: Lei
    grupos: list[Grupo]
    cargos: list[CargoResumo]
    retificacoes: list[Retificacao]


class Lote(Schema):
    rotulo: str = Field(description='"edital" ou "novas vagas em dd/mm/aaaa".')
    quantidade: int


class Reserva(Schema):
    vagas: int = Field(description="Vagas oferecidas até agora (edital e novas vagas).")
    reservadas: dict[str, int] = Field(description="Vagas reservadas a cada grupo.")
    ampla: int = Field(description="Vagas de ampla concorrência.")
    memoria: list[str] = Field(description="A memória de cálculo do motor, passo a passo.")
    lotes: list[Lote]
    erro: str = Field(description="Se os fatos contrariam a lei, a mensagem (senão vazio).")


class QuadroDoEdital(Schema):
    vagas: int
    reservadas: dict[str, int]
    ampla: int
    por_extenso: str
    fundamento: str


class EnderecosDoCargo(Schema):
    classificacao: str
    feed: str


class Cargo(Schema):
    codigo: str
    nome: str
    vagas_edital: int
    reserva: Reserva = Field(description="A reserva sobre as vagas oferecidas até agora.")
    edital: QuadroDoEdital | None = Field(
        description="A linha do quadro do anexo do edital (anexo-edital.csv)."
    )
    enderecos: EnderecosDoCargo


class Lista(Schema):
    codigo: str
    rotulo: str
    total: int


class LinhaClassificacao(Schema):
    cargo: str
    lista: str = Field(description="O nome da lista (geral = ampla concorrência).")
    posicao: int
    inscricao: str
    nome: str
    cpf: str = Field(description="Mascarado: só os seis dígitos do meio (***.456.789-**).")
    nota: Decimal | None = Field(description="A nota exata, em texto decimal.")
    situacao: str
    observacoes: str = Field(description="Só as observações de desempate.")


class PaginaClassificacao(Pagina):
    listas: list[Lista]
    itens: list[LinhaClassificacao]


class Nomeacao(Schema):
    cargo: str
    ordem: int
    vaga: int
    inscricao: str
    nome: str
    lista: str
    reservada_a: str
    substitui: str
    substituida_por: str
    data: date | None = Field(
        description="A data em que a vaga se abriu (a oferta do lote ou o evento que a "
        "recompôs); a do ato está em `ato`."
    )
    lote: int | str
    ato: str = Field(default="", description="A portaria que publicou a nomeação.")
    portaria: str = Field(default="", description="O número da portaria de `ato`.")
    data_do_ato: date | None = Field(
        default=None, description="A data da portaria de `ato` (a da nomeação publicada)."
    )
    razao: str
    fundamento: str


class PaginaNomeacoes(Pagina):
    itens: list[Nomeacao]


class Ocorrencia(Schema):
    cargo: str
    data: date | None
    ocorrencia: str
    inscricao: str
    vaga: str = Field(
        description='A vaga ("3"), a faixa de vagas sem candidato ("63 a 100.000") ou vazio.'
    )
    descricao: str
    fundamento: str


class PaginaOcorrencias(Pagina):
    itens: list[Ocorrencia]


class Ato(Schema):
    id: str = Field(description="Identificador do ato, único no certame.")
    tipo: str
    tipo_rotulo: str
    data: date
    cargo: str = Field(description="Vazio num ato do certame inteiro.")
    titulo: str
    descricao: str
    fundamento: str = Field(description="O fundamento legal do ato.")
    link: str = Field(description="A página pública em que o ato aparece.")


class PaginaAtos(Pagina):
    itens: list[Ato]


class DocumentoPorCargo(Schema):
    cargo: str
    pagina: str
    formatos: dict[str, str]
    tabelas: dict[str, str]


class Documento(Schema):
    nome: str
    titulo: str
    pagina: str
    formatos: dict[str, str] = Field(description="Download do documento em cada formato.")
    tabelas: dict[str, str] = Field(description="Cada tabela do documento em CSV.")
    por_cargo: list[DocumentoPorCargo]


class Erro(Schema):
    detalhe: str


class ErroDoParametro(Schema):
    onde: str = Field(description="O parâmetro recusado (ex.: `limite`).")
    mensagem: str = Field(description="Por que foi recusado (ex.: `deve ser no máximo 1000`).")


class ErroDeEntrada(Schema):
    detalhe: str
    erros: list[ErroDoParametro] = Field(description="Todos os parâmetros recusados, cada um.")
